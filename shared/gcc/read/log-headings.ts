// The two headings of log.md the index reads without the full reader, when they are exactly as the writers write them:
// the file's `# OTA Log — branch \`b\`` and a merge's `## Merged from \`b\` (time)`. Each was a full read of itself and
// the step after it, ~30 µs a log: on 5,000 branches ~150 ms of a start. Anything else is left to log.ts. (No object
// spread here: V8 builds one several times slower than a literal, a cost per log.)
import { encodeUtf8 } from './bytes.ts';
import { backticked, mergeHeadingParts } from './records.ts';
import { startsWithBytes } from './step-bytes.ts';

const decoder = new TextDecoder();
const LOG_HEADER = encodeUtf8('# OTA Log — branch `');
const MERGED_FROM = encodeUtf8('## Merged from ');
const STEP_HEADER = encodeUtf8('### Step ');

/** A heading's line, and the byte after it and the one blank line that may follow. */
interface HeadingLine {
  line: string;
  end: number;
}

/**
 * The line at `p` and its end as chunk.ts's headerLine finds them; null while the bytes end before it is known whether
 * a blank line follows. (headerLine drops a CR at the line's end: no backticked name or bracketed time holds it.)
 */
function headingLine(bytes: Uint8Array, p: number): HeadingLine | null {
  const nl = bytes.indexOf(0x0a, p);
  if (nl === -1) return null;
  const line = bytes.subarray(p, nl);
  if (bytes[nl + 1] === 0x0a) return { line: decoder.decode(line), end: nl + 2 };
  if (nl + 1 >= bytes.length) return null;
  return { line: decoder.decode(line), end: nl + 1 };
}

/** The file's header at `p` when the full reader reads it without a diagnostic (readHeader); null otherwise. */
export function standardLogHeader(bytes: Uint8Array, p: number): { end: number; branch: string } | null {
  if (!startsWithBytes(bytes, p, LOG_HEADER)) return null;
  const h = headingLine(bytes, p);
  const branch = h ? backticked(h.line) : null;
  return h && branch !== null ? { end: h.end, branch } : null;
}

/**
 * A merge heading at `p` when the full reader reads it without a diagnostic and a step header follows it (readMarker:
 * so it is complete and copies no Zig log header); null otherwise.
 */
export function standardMergeHeading(bytes: Uint8Array, p: number): { end: number; branch: string; timestamp: string } | null {
  if (!startsWithBytes(bytes, p, MERGED_FROM)) return null;
  const h = headingLine(bytes, p);
  if (!h || !startsWithBytes(bytes, h.end, STEP_HEADER)) return null;
  const { branch, timestamp } = mergeHeadingParts(h.line);
  return branch && timestamp ? { end: h.end, branch, timestamp } : null;
}
