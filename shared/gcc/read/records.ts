// The block structure log.md and commit.md share: records closed by a `---` line (their fields, introduced by
// `**Label:**` after a blank line, are split by record-fields.ts), and the header and timestamp helpers both
// readers use. Used by log.ts (and its log-step.ts) and commits-full.ts; works on one decoded string.

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
  // The usual case first (the next `### Step `): any token matching means 'yes', whatever the order.
  const usual = starts.afterBlank[0];
  if (usual !== undefined && text.startsWith(usual, pos)) return 'yes';
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

/**
 * Where a record ends. One instance is reused for every record of a parse (the big logs have
 * hundreds of thousands of records: no per-record garbage here).
 */
export class RecordEnd {
  /** 'complete': closed by a `---` line; 'incomplete': the text ends before the record does. */
  kind: 'complete' | 'incomplete' = 'incomplete';
  /** Index of the closing `---` line (complete only). */
  closeAt = -1;
  /** Index right after the closing `---\n` (complete only). */
  end = -1;
  /** The close was accepted only because the text ended there (a later append could still prove it wrong). */
  provisional = false;
  /** Indices of `---` lines kept inside the record's values. */
  readonly innerDashLines: number[] = [];

  /**
   * Finds where the record starting at `from` ends. A `---` line closes it when the next item follows
   * (or the text ends, if a blank line precedes the `---` as every writer puts one). Any other `---`
   * line is value text the writer left unescaped (Zig, the second of two, a trailing one): kept.
   */
  find(text: string, from: number, starts: ItemStarts): this {
    // Setting an array's length is a slow runtime call even when it changes nothing.
    if (this.innerDashLines.length !== 0) this.innerDashLines.length = 0;
    this.kind = 'incomplete';
    this.provisional = false;
    let i = from;
    for (;;) {
      const t = text.indexOf('\n---\n', i);
      if (t === -1) return this;
      const after = t + 5;
      const prev = text.charCodeAt(t - 1);
      const prevBlank = t - 1 < from ? false : prev === 10 || (prev === 13 && text.charCodeAt(t - 2) === 10);
      const next = itemStartAt(text, after, starts);
      if (next === 'yes' || (next === 'maybe' && prevBlank)) {
        this.kind = 'complete';
        this.closeAt = t + 1;
        this.end = after;
        this.provisional = next === 'maybe';
        return this;
      }
      if (next === 'maybe') return this;
      this.innerDashLines.push(t + 1);
      i = t + 1;
    }
  }
}

/** A merge heading's branch (between its first backticks) and time (in its last brackets); '' for either missing. */
export function mergeHeadingParts(line: string): { branch: string; timestamp: string } {
  const open = line.lastIndexOf('(');
  const close = line.lastIndexOf(')');
  return { branch: backticked(line) ?? '', timestamp: open !== -1 && close > open ? line.slice(open + 1, close) : '' };
}

/** Text between the backticks of a header line, e.g. `# OTA Log — branch \`main\`` -> `main`. */
export function backticked(line: string): string | null {
  const a = line.indexOf('`');
  if (a === -1) return null;
  const b = line.indexOf('`', a + 1);
  if (b === -1) return null;
  return line.slice(a + 1, b);
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

/**
 * A parse that resumes after a record it ended only because the text ended there: what now follows confirms that
 * end, disproves it (the file must be parsed whole again), or is still too short to tell.
 */
export function provisionalEnd(provisional: boolean, text: string, starts: ItemStarts): 'none' | 'confirmed' | 'disproved' | 'undecided' {
  if (!provisional || text.length === 0) return 'none';
  const next = itemStartAt(text, 0, starts);
  return next === 'yes' ? 'confirmed' : next === 'no' ? 'disproved' : 'undecided';
}
