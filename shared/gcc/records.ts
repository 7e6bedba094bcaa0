// The block structure log.md and commit.md share: records closed by a `---` line, fields introduced by
// `**Label:**` after a blank line. Used by log.ts and commits.ts; works on one decoded string.

/** What may begin right after a record's closing `---` line (decides whether a `---` line closes). */
export interface ItemStarts {
  /** Tokens that may follow the `---` line directly or after blank lines (`### Step `, `## Merged from `). */
  afterBlank: readonly string[];
  /** Tokens that must follow the `---` line directly (field labels of a record without header). */
  direct: readonly string[];
}

export type ItemStartMatch = 'yes' | 'no' | 'maybe';

/** Whether text at `pos` starts an item; 'maybe' when the text runs out while still a prefix of one. */
export function itemStartAt(text: string, pos: number, starts: ItemStarts): ItemStartMatch {
  if (pos >= text.length) return 'maybe';
  for (const t of starts.direct) {
    if (text.startsWith(t, pos)) return 'yes';
  }
  let p = pos;
  for (;;) {
    for (const t of starts.afterBlank) {
      if (text.startsWith(t, p)) return 'yes';
    }
    const c = text.charCodeAt(p);
    if (c === 10) p++;
    else if (c === 13 && text.charCodeAt(p + 1) === 10) p += 2;
    else break;
  }
  if (p >= text.length || (p === text.length - 1 && text.charCodeAt(p) === 13)) return 'maybe';
  const rest = text.length - p;
  const restText = rest < 64 ? text.slice(p) : '';
  if (rest < 64) {
    for (const t of starts.afterBlank) if (t.length > rest && t.startsWith(restText)) return 'maybe';
  }
  if (p === pos && text.length - pos < 64) {
    const r = text.slice(pos);
    for (const t of starts.direct) if (t.length > r.length && t.startsWith(r)) return 'maybe';
  }
  return 'no';
}

export interface RecordEnd {
  /** 'complete': closed by a `---` line; 'incomplete': the text ends before the record does. */
  kind: 'complete' | 'incomplete';
  /** Index of the closing `---` line (complete only). */
  closeAt: number;
  /** Index right after the closing `---\n` (complete only). */
  end: number;
  /** The close was accepted only because the text ended there (a later append could still prove it wrong). */
  provisional: boolean;
  /** Indices of `---` lines kept inside the record's values. */
  innerDashLines: number[];
}

/**
 * Finds where the record starting at `from` ends. A `---` line closes it when the next item follows
 * (or the text ends, if a blank line precedes the `---` as every writer puts one). Any other `---` line
 * is value text the writer left unescaped (Zig, the second of two, a trailing one): kept in the value.
 */
export function findRecordEnd(text: string, from: number, starts: ItemStarts): RecordEnd {
  const inner: number[] = [];
  let i = from - 1;
  for (;;) {
    const t = text.indexOf('\n---\n', i);
    if (t === -1) return { kind: 'incomplete', closeAt: -1, end: -1, provisional: false, innerDashLines: inner };
    const closeAt = t + 1;
    const after = t + 5;
    const prev = text.charCodeAt(t - 1);
    const prevBlank = t - 1 < from ? false : prev === 10 || (prev === 13 && text.charCodeAt(t - 2) === 10);
    const next = itemStartAt(text, after, starts);
    if (next === 'yes') return { kind: 'complete', closeAt, end: after, provisional: false, innerDashLines: inner };
    if (next === 'maybe') {
      if (prevBlank) return { kind: 'complete', closeAt, end: after, provisional: true, innerDashLines: inner };
      return { kind: 'incomplete', closeAt: -1, end: -1, provisional: false, innerDashLines: inner };
    }
    inner.push(closeAt);
    i = t + 1;
  }
}

export interface FieldSplit {
  /** Raw (still escaped) value of each label, null when the label is absent. */
  values: (string | null)[];
  /** Text before the first label (no label at the start of the body). */
  stray: string | null;
  /** Fields were separated by CRLF blank lines. */
  crlf: boolean;
  /** The body did not end with the blank line every writer puts before `---`. */
  oddEnding: boolean;
  /** More than one candidate position for some label: the value boundary is a guess. */
  ambiguous: boolean;
}

/**
 * Splits a record body (`body` = the text after the header line, up to the closing `---` line) into
 * fields. Labels are expected in order; each value runs to the next expected label that starts a line
 * after a blank line, and the blank line itself is the writer's separator, not part of the value.
 */
export function splitFields(body: string, labels: readonly string[]): FieldSplit {
  const values: (string | null)[] = labels.map(() => null);
  let crlf = false;
  let oddEnding = false;
  let ambiguous = false;
  let stray: string | null = null;
  let k = labels.findIndex((l) => body.startsWith(l));
  let pos = 0;
  if (k === -1) {
    // No label where the body starts: the text up to the first label (at a line start) is stray.
    let first = -1;
    for (let j = 0; j < labels.length; j++) {
      const p = body.indexOf('\n' + labels[j]);
      if (p !== -1 && (first === -1 || p < first)) {
        first = p;
        k = j;
      }
    }
    if (first === -1) {
      const s = stripEnding(body);
      return { values, stray: s.text, crlf: s.crlf, oddEnding: s.odd, ambiguous };
    }
    stray = body.slice(0, first);
    pos = first + 1;
  }
  while (k !== -1) {
    let vStart = pos + labels[k]!.length;
    if (body.charCodeAt(vStart) === 32) vStart++;
    let nextAt = -1;
    let nextK = -1;
    let sep = 0;
    for (let j = k + 1; j < labels.length && nextAt === -1; j++) {
      const a = body.indexOf('\n\n' + labels[j], vStart);
      const b = body.indexOf('\r\n\r\n' + labels[j], vStart);
      if (a !== -1 && (b === -1 || a < b)) {
        nextAt = a;
        sep = 2;
        nextK = j;
      } else if (b !== -1) {
        nextAt = b;
        sep = 4;
        nextK = j;
        crlf = true;
      }
    }
    if (nextAt !== -1) {
      const raw = body.slice(vStart, nextAt);
      values[k] = raw;
      if (body.indexOf('\n\n' + labels[nextK], nextAt + 1) !== -1) ambiguous = true;
      pos = nextAt + sep;
      k = nextK;
    } else {
      const s = stripEnding(body.slice(vStart));
      values[k] = s.text;
      if (s.crlf) crlf = true;
      if (s.odd) oddEnding = true;
      k = -1;
    }
  }
  return { values, stray, crlf, oddEnding, ambiguous };
}

function stripEnding(v: string): { text: string; crlf: boolean; odd: boolean } {
  if (v.endsWith('\n\n')) return { text: v.slice(0, -2), crlf: false, odd: false };
  if (v.endsWith('\r\n\r\n')) return { text: v.slice(0, -4), crlf: true, odd: false };
  if (v.endsWith('\r\n')) return { text: v.slice(0, -2), crlf: true, odd: true };
  if (v.endsWith('\n')) return { text: v.slice(0, -1), crlf: false, odd: true };
  return { text: v, crlf: false, odd: v.length > 0 };
}

/** Text between the backticks of a header line, e.g. `# OTA Log — branch \`main\`` -> `main`. */
export function backticked(line: string): string | null {
  const a = line.indexOf('`');
  if (a === -1) return null;
  const b = line.indexOf('`', a + 1);
  if (b === -1) return null;
  return line.slice(a + 1, b);
}

/** End index of the line starting at `pos` (index of its `\n`), or -1 when the text ends first. */
export function lineEnd(text: string, pos: number): number {
  return text.indexOf('\n', pos);
}

/** Skips blank lines (`\n`, `\r\n`, spaces/tabs only) starting at `pos`. */
export function skipBlankLines(text: string, pos: number): number {
  let p = pos;
  for (;;) {
    let q = p;
    while (q < text.length) {
      const c = text.charCodeAt(q);
      if (c === 32 || c === 9 || c === 13) q++;
      else break;
    }
    if (q < text.length && text.charCodeAt(q) === 10) p = q + 1;
    else return p;
  }
}

/** Shortens a value for a message. */
export function preview(s: string, max = 120): string {
  const flat = JSON.stringify(s);
  return flat.length <= max ? flat : flat.slice(0, max - 1) + '…"';
}

/** Strict ISO-8601 shape every Contexa writer uses. */
export const TIMESTAMP_RE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;
const TIMESTAMP_INSIDE = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?/;

/** The well-formed timestamp inside a damaged one, if any. */
export function probableTimestamp(s: string): string | null {
  const m = TIMESTAMP_INSIDE.exec(s);
  return m ? m[0] : null;
}

/** Comparable key [epoch seconds, nanoseconds] of a well-formed timestamp, or null. */
export function timestampKey(ts: string): [number, number] | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(Z|([+-])(\d\d):(\d\d))$/.exec(ts);
  if (!m) return null;
  let secs = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) / 1000;
  if (m[9]) secs -= (m[9] === '-' ? -1 : 1) * (+m[10]! * 3600 + +m[11]! * 60);
  const ns = m[7] ? +(m[7] + '000000000').slice(0, 9) : 0;
  return [secs, ns];
}

export function compareKeys(a: [number, number], b: [number, number]): number {
  return a[0] !== b[0] ? a[0] - b[0] : a[1] - b[1];
}
