// Replacing records in a file's bytes without touching any other byte (edits from the page).

import type { ByteRange } from '../../types.ts';
import { encodeUtf8 } from '../read/bytes.ts';

export interface SpliceEdit {
  range: ByteRange;
  /** New bytes for the range ('' deletes it); a string is written as UTF-8. */
  replacement: Uint8Array | string;
}

export type SpliceResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/**
 * Applies edits whose ranges refer to the ORIGINAL bytes (as the parsers report them), so several
 * records can be replaced in one go. Ranges must lie inside the file and must not overlap; two empty
 * ranges at the same offset are inserted in the order given.
 */
export function splice(bytes: Uint8Array, edits: readonly SpliceEdit[]): SpliceResult {
  const sorted = edits
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.range.start - b.e.range.start || a.e.range.end - b.e.range.end || a.i - b.i)
    .map((x) => x.e);
  let last = 0;
  for (const { range } of sorted) {
    if (!Number.isInteger(range.start) || !Number.isInteger(range.end) || range.start < 0 || range.end < range.start || range.end > bytes.length) {
      return { ok: false, reason: `range [${range.start}, ${range.end}) is not inside the ${bytes.length}-byte file` };
    }
    if (range.start < last) return { ok: false, reason: `range [${range.start}, ${range.end}) overlaps another edit` };
    last = range.end;
  }
  const parts: Uint8Array[] = [];
  let at = 0;
  let size = 0;
  for (const { range, replacement } of sorted) {
    const before = bytes.subarray(at, range.start);
    const repl = typeof replacement === 'string' ? encodeUtf8(replacement) : replacement;
    parts.push(before, repl);
    size += before.length + repl.length;
    at = range.end;
  }
  const rest = bytes.subarray(at);
  parts.push(rest);
  size += rest.length;
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return { ok: true, bytes: out };
}
