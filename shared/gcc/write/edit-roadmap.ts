// Hand edits of main.md, one part at a time: the roadmap given at init (`body`) or one section a commit (or Python's
// update_roadmap) appended. Only the part's text bytes change; its heading, the `**Initialized:**` line and every
// other part stay byte for byte. Agents only ever append to main.md, so parts keep their index.
import type { ByteRange } from '../../types.ts';
import { decodeUtf8, utf8Length } from '../read/bytes.ts';
import type { EditOutcome } from './edit-records.ts';
import { normalizeEditText } from './edit-records.ts';
import { roadmapPartVersion } from './edit-version.ts';
import { parseRoadmap } from '../read/roadmap.ts';
import { splice } from './splice.ts';

export interface RoadmapPart {
  /** 0 is the body; 1… the appended sections in file order. */
  index: number;
  kind: 'body' | 'update' | 'appended';
  /** The `## Update (TS)` timestamp; null for the body and headerless appends. */
  timestamp: string | null;
  text: string;
  version: string;
  /** Bytes of `text` in main.md; null when they could not be located exactly (the part is then not editable). */
  textRange: ByteRange | null;
}

const NL = 10;

/** The editable parts of main.md. */
export function roadmapParts(bytes: Uint8Array): RoadmapPart[] {
  const parsed = parseRoadmap(bytes);
  const parts: RoadmapPart[] = [];
  const firstUpdate = parsed.updates[0]?.range.start ?? bytes.length;
  // The body ends one newline before the first update's blank line (or at the end of the file).
  const bodyEnd = firstUpdate > 0 && bytes[firstUpdate - 1] === NL ? firstUpdate - 1 : firstUpdate;
  const bodyStart = bodyEnd - utf8Length(parsed.body);
  parts.push(part(bytes, 0, 'body', null, parsed.body, bodyStart, bodyEnd));
  parsed.updates.forEach((u, i) => {
    const end = bytes[u.range.end - 1] === NL ? u.range.end - 1 : u.range.end;
    parts.push(part(bytes, i + 1, u.kind, u.timestamp, u.text, end - utf8Length(u.text), end));
  });
  return parts;
}

function part(bytes: Uint8Array, index: number, kind: RoadmapPart['kind'], timestamp: string | null, text: string, start: number, end: number): RoadmapPart {
  const located = start >= 0 && start <= end && decodeUtf8(bytes.subarray(start, end)).text === text && !text.includes('\uFFFD');
  return { index, kind, timestamp, text, version: roadmapPartVersion({ kind, timestamp, text }), textRange: located ? { start, end } : null };
}

export interface RoadmapEdit {
  index: number;
  version: string;
  text: string;
}

export function editRoadmap(bytes: Uint8Array, edit: RoadmapEdit): EditOutcome<RoadmapPart> {
  const parts = roadmapParts(bytes);
  const target = parts[edit.index];
  if (target === undefined) return { ok: false, code: 'not-found', message: `main.md has no part #${edit.index} (it has ${parts.length}).` };
  if (target.version !== edit.version) return { ok: false, code: 'conflict', current: target, message: 'This part of main.md changed on disk since the edit began.' };
  const text = normalizeEditText(edit.text);
  if (text === target.text) return { ok: true, bytes, changed: false, before: [target], after: [target] };
  if (target.textRange === null) return { ok: false, code: 'unrepresentable', message: 'This part of main.md holds bytes that are not UTF-8 or an unusual layout; edit the file by hand.' };
  const spliced = splice(bytes, [{ range: target.textRange, replacement: text }]);
  if (!spliced.ok) return { ok: false, code: 'unrepresentable', message: spliced.reason };
  const after = roadmapParts(spliced.bytes);
  const same = after.length === parts.length && after.every((p, i) => (i === edit.index ? p.text === text && p.kind === target.kind : p.version === parts[i]!.version));
  if (!same) {
    return {
      ok: false,
      code: 'unrepresentable',
      message: 'The new text would change how main.md splits into sections (a line like `## Update (…)` or a blank line before a heading). Refused.',
    };
  }
  return { ok: true, bytes: spliced.bytes, changed: true, before: [target], after: [after[edit.index]!] };
}
