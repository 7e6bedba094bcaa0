// main.md at a moment: the file up to the last `## Update (TS)` at or before it. Agents only append to main.md, so
// the text then is a prefix of the text now. A block appended without a time (Python's `update_roadmap`) stands with
// the update before it; when it is the last part shown, when it was really written is unknown and the text says so.
import { decodeUtf8, encodeUtf8 } from '../read/bytes.ts';
import { parseRoadmap } from '../read/roadmap.ts';
import { compareTime, recordKey, type TimeKey } from './time-key.ts';

export interface RoadmapAt {
  text: string;
  reasons: string[];
}

/** When main.md began: its `**Initialized:**` time; null when it has none (or an unreadable one). */
export function roadmapStart(raw: string): TimeKey | null {
  return recordKey(parseRoadmap(encodeUtf8(raw)).initialized);
}

export function roadmapAt(raw: string, at: TimeKey): RoadmapAt {
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
  const last = shown > 0 ? parsed.updates[shown - 1]! : null;
  if (last && recordKey(last.timestamp) === null) {
    reasons.push(`main.md: the part at line ${last.line} has no time of its own; it is shown with the update before it, but may have been written later`);
  }
  return { text: cutAt === bytes.length ? raw : decodeUtf8(bytes.subarray(0, cutAt)).text, reasons };
}
