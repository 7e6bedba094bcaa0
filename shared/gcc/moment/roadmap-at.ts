// main.md at a moment: the file up to its last `## Update (TS)` at or before it (agents only append to main.md).
import { decodeUtf8, encodeUtf8 } from '../read/bytes.ts';
import { parseRoadmap } from '../read/roadmap.ts';
import { compareTime, recordKey, type TimeKey } from '../read/time-key.ts';

export interface RoadmapAt {
  text: string;
  reasons: string[];
}

/**
 * What the server saw happen to main.md while it ran (server/travel/change-record.ts): it grew to `size` bytes, or
 * it was rewritten and `before` was its text until then.
 */
export type RoadmapObservation = { at: string; size: number } | { at: string; before: string };

/** When main.md began: its `**Initialized:**` time; null when it has none (or an unreadable one). */
// A block appended without a time (Python's `update_roadmap`) stands with the update before it; when it is the last
// part shown, when it was really written is unknown and the text says so.
export function roadmapStart(raw: string): TimeKey | null {
  return recordKey(parseRoadmap(encodeUtf8(raw)).initialized);
}

export function roadmapAt(now: string, at: TimeKey, observed: readonly RoadmapObservation[] = []): RoadmapAt {
  // A rewrite watched after the moment: the text then is what stood before the first of them.
  const rewrite = observed.find((o): o is { at: string; before: string } => 'before' in o && compareAfter(o.at, at));
  const raw = rewrite ? rewrite.before : now;
  const bytes = encodeUtf8(raw);
  const parsed = parseRoadmap(bytes);
  const reasons: string[] = [];
  let cutAt = bytes.length;
  let shown = parsed.updates.length;
  let previous: TimeKey | null = null;
  for (let i = 0; i < parsed.updates.length; i++) {
    const update = parsed.updates[i]!;
    const key: TimeKey | null = recordKey(update.timestamp) ?? previous;
    if (key !== null && compareTime(key, at) > 0) {
      cutAt = update.range.start;
      shown = i;
      break;
    }
    previous = key;
  }
  const later = parsed.updates.slice(shown + 1).find((u) => {
    const key = recordKey(u.timestamp);
    return key !== null && compareTime(key, at) <= 0;
  });
  if (later) reasons.push(`main.md: the update at line ${later.line} is older than one before it; the roadmap is cut at the first update after the moment`);
  let last = shown > 0 ? parsed.updates[shown - 1]! : null;
  while (last && recordKey(last.timestamp) === null) {
    // The server may have watched the part arrive: present from the growth that first held it; and when it had
    // seen main.md without the part before, absent until then (it watches continuously, the growth is the write).
    const end = last.range.end;
    const first = observed.findIndex((o) => 'size' in o && o.size >= end);
    const seen = first === -1 ? null : observed[first]!;
    if (seen && !compareAfter(seen.at, at)) break;
    if (seen && observed.slice(0, first).some((o) => 'size' in o && o.size < end)) {
      cutAt = last.range.start;
      shown -= 1;
      last = shown > 0 ? parsed.updates[shown - 1]! : null;
      continue;
    }
    reasons.push(`main.md: the part at line ${last.line} has no time of its own; it is shown with the update before it, but may have been written later`);
    break;
  }
  return { text: cutAt === bytes.length ? raw : decodeUtf8(bytes.subarray(0, cutAt)).text, reasons };
}

/** Whether an observation's time is after the moment (an unreadable time counts as after: nothing is assumed). */
function compareAfter(time: string, at: TimeKey): boolean {
  const key = recordKey(time);
  return key === null || compareTime(key, at) > 0;
}
