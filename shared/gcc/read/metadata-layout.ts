// Files of one layout share one style: the branches of a workspace write the same keys, in the same order, quoted the
// same way, and differ in names, purposes and times only. The style (writersOf above all) is worked out once a layout.

import { isoTimestamp, plainForAll } from '../write/metadata-entry-match.ts';
import { TIMESTAMP_KEYS, type MetadataKey } from './metadata-keys.ts';
import { resolvePlain, type ScannedValue } from './metadata-scan.ts';
import type { ReadValue } from './metadata-value.ts';

/** One entry of a layout: its exact text (its lines, line breaks included), or a value that stands for its class. */
export type LayoutEntry =
  | { kind: 'exact'; key: MetadataKey; text: string }
  /** A plain text every writer writes plain (AsciiValue.plainForAll) that YAML reads as text. */
  | { kind: 'text'; key: MetadataKey }
  /** An ISO time as the writers stamp them (AsciiValue.isoTimestamp) of `length` characters, in `quote` ('' plain). */
  | { kind: 'time'; key: MetadataKey; length: number; quote: '' | "'" | '"' };

/** Whether YAML 1.1 reads a plain value as text, as the scan asks it (only the exponent floats `e5`, `E+3` start with a letter and are not). */
export function readAsText(value: string): boolean {
  return typeof resolvePlain(value)?.value === 'string';
}

/**
 * The class of one entry's value (read as itself, on the line `key: raw`), or null when the entry stands for itself.
 * - text: each writer's entry is `key: value` whatever the value (metadata-entry-match.ts entryEnd), and the style
 *   reads only that it is a plain, non-empty text; YAML reads it as text (readAsText: not the float `e5`), and it is
 *   not the status (whose value is checked).
 * - time: every fact the writers' forms are chosen by is the same for all of them (their characters hold `:`, `-`,
 *   `T` and digits, never a quote, a space or a backslash) but the length (PyYAML's 80 columns, js-yaml's 78); the
 *   style reads its spelling. Only created_at and merged_at, and a plain one only when YAML reads it as a date (what
 *   the reading says of it then names no value).
 */
function classOf(v: ScannedValue, read: ReadValue, text: string, end: number): LayoutEntry {
  const exact: LayoutEntry = { kind: 'exact', key: v.key, text: text.slice(v.start, end) };
  const value = read.value;
  if (value === null || value !== v.source || value === '' || v.key === 'status' || v.raw.includes('\n')) return exact;
  if (v.spelling === 'plain' && v.raw === value) {
    // The scan read the value already (v.resolved: readAsText's answer).
    if (plainForAll(value) && typeof v.resolved === 'string') return { kind: 'text', key: v.key };
    return isoTimestamp(value) && TIMESTAMP_KEYS.has(v.key) && v.resolved instanceof Date ? { kind: 'time', key: v.key, length: value.length, quote: '' } : exact;
  }
  const quote = v.spelling === 'single' ? "'" : v.spelling === 'double' ? '"' : null;
  if (quote === null || !isoTimestamp(value) || !TIMESTAMP_KEYS.has(v.key) || v.raw !== `${quote}${value}${quote}`) return exact;
  return { kind: 'time', key: v.key, length: value.length, quote };
}

/** A file's layout: its entries, and `key`, one text that is equal for two files exactly when their layouts are. */
export interface Layout {
  key: string;
  entries: LayoutEntry[];
  newlineAtEnd: boolean;
}

/**
 * The layout of a file the scan read (metadata-scan.ts: every line an entry of a known key, each key once): its
 * entries in order, and whether a line break ends the file. Two files of one layout give one style
 * (metadata-style.ts styleFromParts), writers included, and one reading but for their values: metadata-layout.test.ts
 * holds the kept style and reading to those worked out afresh on the corpus, on generated workspaces and on random
 * files of the seven writers.
 */
export function layoutOf(text: string, scanned: readonly ScannedValue[], values: ReadonlyMap<string, ReadValue>): Layout {
  let key = '';
  const entries: LayoutEntry[] = [];
  for (let i = 0; i < scanned.length; i++) {
    const v = scanned[i]!;
    const read = values.get(v.key)!;
    const entry = classOf(v, read, text, i + 1 < scanned.length ? scanned[i + 1]!.start : text.length);
    entries.push(entry);
    // The exact text holds no control character but its line breaks (the scan takes printable lines only).
    key += entry.kind === 'exact' ? `\u0002${entry.text}` : entry.kind === 'text' ? `\u0001${v.key}:text` : `\u0001${v.key}:time${entry.length}${entry.quote}`;
  }
  const newlineAtEnd = text.endsWith('\n');
  return { key: `${key}\u0003${newlineAtEnd ? 1 : 0}`, entries, newlineAtEnd };
}
