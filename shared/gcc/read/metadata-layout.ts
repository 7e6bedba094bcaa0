// Files of one layout share one style: the branches of a workspace write the same keys, in the same order, quoted the
// same way, and differ in names, purposes and times only. The style (writersOf above all) is worked out once a layout.

import { asciiValue } from '../write/metadata-entry-match.ts';
import type { ScannedValue } from './metadata-scan.ts';
import type { ReadValue } from './metadata-value.ts';

const ABSTRACT = '\u0001';
const EXACT = '\u0002';
const END = '\u0003';

/**
 * One entry's part of the layout: the entry as it stands in the file, but for two kinds of value that stand for
 * their class (read as themselves, on the line `key: raw`):
 * - a plain value every writer writes plain (AsciiValue.plainForAll): each writer's entry is `key: value`, whatever
 *   the value (metadata-entry-match.ts entryEnd), and the style reads only that it is a plain, non-empty text;
 * - an ISO time as the writers stamp them (AsciiValue.isoTimestamp), plain, '…' or "…": every fact the writers'
 *   forms are chosen by is the same for all of them (the time's characters hold `:`, `-`, `T` and digits, never a
 *   quote, a space or a backslash), but its length (PyYAML's 80 columns, js-yaml's 78); the style reads its spelling.
 * null: the entry stands for itself (its text from `start` to `end`).
 */
function classOf(v: ScannedValue, read: ReadValue): string | null {
  const value = read.value;
  if (value === null || value !== v.source || value === '') return null;
  if (v.spelling === 'plain' && v.raw === value) {
    const facts = asciiValue(value);
    if (facts === null) return null;
    if (facts.plainForAll) return 'P';
    return facts.isoTimestamp ? `I${value.length}p${facts.blockPlain ? 1 : 0}${facts.jsPlain ? 1 : 0}` : null;
  }
  const quote = v.spelling === 'single' ? "'" : v.spelling === 'double' ? '"' : null;
  if (quote === null || v.raw.length !== value.length + 2 || v.raw[0] !== quote || !v.raw.endsWith(quote) || !v.raw.startsWith(value, 1)) return null;
  const facts = asciiValue(value);
  return facts !== null && facts.isoTimestamp ? `I${value.length}${quote}${facts.blockPlain ? 1 : 0}${facts.jsPlain ? 1 : 0}` : null;
}

/**
 * The layout of a file the scan read (metadata-scan.ts: every line an entry of a known key, each key once): the
 * entries in order, each as its class or as its exact text, and whether a line break ends the file. Two files of one
 * layout give one style (metadata-style.ts styleFromParts), writers included: metadata-layout.test.ts holds the kept
 * style to the one worked out afresh on the corpus, on generated workspaces and on random files of the seven writers.
 */
export function layoutKey(text: string, scanned: readonly ScannedValue[], values: ReadonlyMap<string, ReadValue>): string {
  let key = '';
  for (let i = 0; i < scanned.length; i++) {
    const v = scanned[i]!;
    const read = values.get(v.key);
    const cls = read === undefined || v.raw.includes('\n') ? null : classOf(v, read);
    if (cls !== null) key += `${ABSTRACT}${v.key}:${cls}`;
    else key += `${EXACT}${text.slice(v.start, i + 1 < scanned.length ? scanned[i + 1]!.start : text.length)}`;
  }
  return `${key}${END}${text.endsWith('\n') ? 1 : 0}`;
}
