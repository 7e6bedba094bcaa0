// The fields of a log.md or commit.md record: each introduced by its `**Label:**` after a blank line. Used by
// log-step.ts, commits-full.ts and ../write/edit-records.ts; works on one decoded string.

/**
 * Splits a record body (text[start, end): after the header line, up to the closing `---` line) into
 * fields. Labels are expected in order; each value runs to the next expected label that starts a line
 * after a blank line, and that blank line is the writer's separator, not part of the value.
 *
 * One instance serves a whole parse, records in file order: it remembers where each label was last
 * found, so a label missing from every record costs one scan of the text, not one per record.
 */
export class FieldSplitter {
  private readonly labels: readonly string[];
  private readonly needles: readonly string[];
  /** Per needle: index of its next occurrence at or after `searchedFrom`, -1 if none. */
  private readonly found: number[];
  private readonly searchedFrom: number[];
  private text = '';
  /** Raw (still escaped) value of each label, null when the label is absent. */
  readonly values: (string | null)[];
  /** Index in the text where each value starts (-1 when absent). */
  readonly starts: number[];
  /** Text before the first label (no label at the start of the body). */
  stray: string | null = null;
  /** Fields were separated by CRLF blank lines. */
  crlf = false;
  /** The body did not end with the blank line every writer puts before `---`. */
  oddEnding = false;

  constructor(labels: readonly string[]) {
    this.labels = labels;
    this.needles = labels.map((l) => '\n' + l);
    this.values = labels.map(() => null);
    this.starts = labels.map(() => -1);
    this.found = labels.map(() => -1);
    this.searchedFrom = labels.map(() => Number.POSITIVE_INFINITY);
  }

  /** Next index >= from of needle j (from never decreases between calls for the same text). */
  private find(j: number, from: number): number {
    const f = this.found[j]!;
    if (from >= this.searchedFrom[j]! && (f === -1 || f >= from)) return f;
    const q = this.text.indexOf(this.needles[j]!, from);
    this.found[j] = q;
    this.searchedFrom[j] = from;
    return q;
  }

  split(text: string, start: number, end: number): this {
    if (text !== this.text) {
      this.text = text;
      this.searchedFrom.fill(Number.POSITIVE_INFINITY);
    }
    const labels = this.labels;
    const n = labels.length;
    for (let j = 0; j < n; j++) {
      this.values[j] = null;
      this.starts[j] = -1;
    }
    this.stray = null;
    this.crlf = false;
    this.oddEnding = false;
    let k = -1;
    for (let j = 0; j < n; j++) {
      if (text.startsWith(labels[j]!, start)) {
        k = j;
        break;
      }
    }
    let pos = start;
    if (k === -1) {
      // No label where the body starts: the text up to the first label (at a line start) is stray.
      let first = -1;
      for (let j = 0; j < n; j++) {
        const q = this.find(j, start);
        if (q !== -1 && q < end && (first === -1 || q < first)) {
          first = q;
          k = j;
        }
      }
      if (first === -1) {
        this.stray = text.slice(start, this.trimEnd(text, start, end));
        return this;
      }
      this.stray = text.slice(start, first);
      pos = first + 1;
    }
    while (k !== -1) {
      let vStart = pos + labels[k]!.length;
      if (text.charCodeAt(vStart) === 32 && vStart < end) vStart++;
      this.starts[k] = vStart;
      let nextAt = -1;
      let nextK = -1;
      let sep = 0;
      for (let j = k + 1; j < n && nextAt === -1; j++) {
        let from = vStart;
        for (;;) {
          // q is the newline that ends the line before the label: that line must be blank.
          const q = this.find(j, from);
          if (q === -1 || q >= end) break;
          if (q - 1 >= vStart && text.charCodeAt(q - 1) === 10) {
            nextAt = q - 1;
            sep = 2;
            break;
          }
          if (q - 3 >= vStart && text.charCodeAt(q - 1) === 13 && text.charCodeAt(q - 2) === 10 && text.charCodeAt(q - 3) === 13) {
            nextAt = q - 3;
            sep = 4;
            this.crlf = true;
            break;
          }
          from = q + 1;
        }
        if (nextAt !== -1) nextK = j;
      }
      if (nextAt !== -1) {
        this.values[k] = text.slice(vStart, nextAt);
        pos = nextAt + sep;
        k = nextK;
      } else {
        this.values[k] = text.slice(vStart, this.trimEnd(text, vStart, end));
        k = -1;
      }
    }
    return this;
  }

  /** End of the last value: without the blank line the writers put before `---`. */
  private trimEnd(text: string, start: number, end: number): number {
    const c1 = text.charCodeAt(end - 1);
    const c2 = text.charCodeAt(end - 2);
    if (end - 2 >= start && c1 === 10 && c2 === 10) return end - 2;
    if (end - 4 >= start && c1 === 10 && c2 === 13 && text.charCodeAt(end - 3) === 10 && text.charCodeAt(end - 4) === 13) {
      this.crlf = true;
      return end - 4;
    }
    this.oddEnding = end > start;
    if (end - 2 >= start && c1 === 10 && c2 === 13) {
      this.crlf = true;
      return end - 2;
    }
    if (end - 1 >= start && c1 === 10) return end - 1;
    return end;
  }

  /** Some value holds a line with a later label after a blank line: the boundary was a guess. */
  ambiguous(): boolean {
    for (let k = 0; k < this.values.length; k++) {
      const v = this.values[k];
      if (v === null || v === undefined || v.indexOf('\n\n**') === -1) continue;
      for (let j = k + 1; j < this.labels.length; j++) if (v.indexOf('\n\n' + this.labels[j]) !== -1) return true;
    }
    return false;
  }
}
