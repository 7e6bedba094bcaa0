// What a metadata.yaml of a layout read as, kept for the files of that layout: a file that matches it entry by entry
// reads as the kept one did, with its own names, purposes and times, and no scan, style or check run again (~5,000 of
// them at a start); a file of a layout no longer kept gets the style kept for it.

import type { BranchMetadata, Diagnostic } from '../../types.ts';
import { isoTimestamp, plainForAll } from '../write/metadata-entry-match.ts';
import { assign } from './metadata-keys.ts';
import { readAsText, type Layout, type LayoutEntry } from './metadata-layout.ts';
import type { ParsedMetadata } from './metadata.ts';
import type { MetadataStyle } from './metadata-style.ts';
import { resolvePlainScalar } from './metadata-value.ts';

/** What a file read by the scan said, kept by its layout (metadata-layout.ts). */
export interface KeptReading {
  entries: readonly LayoutEntry[];
  newlineAtEnd: boolean;
  metadata: BranchMetadata;
  /** Its diagnostics, but the file's name: none names a value of a class (classOf in metadata-layout.ts). */
  diagnostics: readonly Omit<Diagnostic, 'file'>[];
  style: MetadataStyle;
}

/**
 * `text`'s values of the kept reading's classes, in order, when `text` has its layout; null otherwise. First the
 * lines are laid against the entries (the exact texts compared, each value's place found), then each value is classed
 * exactly as the scan would class it (metadata-layout.ts classOf): the file's layout is then the kept one, line for
 * line. A start tries a file against a kept reading of another layout half the time (merged and active branches
 * alternate): the first pass turns most of those away.
 */
function valuesIn(text: string, kept: KeptReading): string[] | null {
  const ends: number[] = [];
  let at = 0;
  const last = kept.entries.length - 1;
  for (let i = 0; i <= last; i++) {
    const entry = kept.entries[i]!;
    if (entry.kind === 'exact') {
      if (!text.startsWith(entry.text, at)) return null;
      at += entry.text.length;
      continue;
    }
    const key = entry.key;
    if (!text.startsWith(key, at) || text.charCodeAt(at + key.length) !== 0x3a || text.charCodeAt(at + key.length + 1) !== 0x20) return null;
    const start = at + key.length + 2;
    let end = text.indexOf('\n', start);
    if (end < 0) {
      if (i < last || kept.newlineAtEnd) return null;
      end = text.length;
    } else if (i === last && !kept.newlineAtEnd) {
      // A line break after the last entry of a layout that ends without one.
      return null;
    }
    if (entry.kind === 'time' && end - start !== entry.length + 2 * entry.quote.length) return null;
    ends.push(start, end);
    at = end === text.length ? end : end + 1;
  }
  if (at !== text.length) return null;
  const values: string[] = [];
  let v = 0;
  for (const entry of kept.entries) {
    if (entry.kind === 'exact') continue;
    const start = ends[v++]!;
    const end = ends[v++]!;
    let value: string;
    if (entry.kind === 'text') {
      value = text.slice(start, end);
      if (!plainForAll(value) || !readAsText(value)) return null;
    } else {
      const q = entry.quote.length;
      if (q === 1 && (text[start] !== entry.quote || text[end - 1] !== entry.quote)) return null;
      value = text.slice(start + q, end - q);
      if (!isoTimestamp(value)) return null;
      if (q === 0 && !(resolvePlainScalar(value)?.value instanceof Date)) return null;
    }
    values.push(value);
  }
  return values;
}

/** `text` read from `kept`, its diagnostics naming `file`; null when it has another layout. */
function readFromKept(text: string, file: string, kept: KeptReading): { metadata: BranchMetadata; diagnostics: Diagnostic[]; style: MetadataStyle } | null {
  const values = valuesIn(text, kept);
  if (values === null) return null;
  const metadata = { ...kept.metadata };
  let v = 0;
  for (const entry of kept.entries) if (entry.kind !== 'exact') assign(metadata, entry.key, values[v++]!);
  const diagnostics = kept.diagnostics.length === 0 ? [] : kept.diagnostics.map((d) => ({ file, line: d.line, severity: d.severity, code: d.code, message: d.message }));
  return { metadata, diagnostics, style: kept.style };
}

/**
 * Styles by layout (metadata-layout.ts): a workspace's branches share a handful, and each file's style was ~10 µs of
 * a start's work (seven writers asked whether they write these bytes), ~50 ms on 5,000 branches. Shared: never changed.
 */
const styles = new Map<string, MetadataStyle>();
/**
 * The readings kept, the one that last matched first. A file is tried against the last few kept only: in a workspace
 * whose every file is a layout of its own (names that start with a digit stand for themselves), a file costs a few
 * failed tries more, not one a kept layout; a layout pushed out is kept again by its next file.
 */
let recent: KeptReading[] = [];
const TRIED = 4;
const MAX_STYLES = 512;

/** The style kept for `layout`, worked out by `work` for the first file of it. */
export function keptStyle(layout: string, work: () => MetadataStyle): MetadataStyle {
  let style = styles.get(layout);
  if (style === undefined) {
    style = work();
    if (styles.size >= MAX_STYLES) styles.clear();
    styles.set(layout, style);
  }
  return style;
}

/** `text` read from a kept reading of its layout, or null (a file of a layout not kept, or of none). */
export function readKept(text: string, file: string): ParsedMetadata | null {
  for (let i = 0; i < recent.length; i++) {
    const kept = recent[i]!;
    const read = readFromKept(text, file, kept);
    if (read !== null) {
      if (i > 0) recent = [kept, ...recent.slice(0, i), ...recent.slice(i + 1)];
      return read;
    }
  }
  return null;
}

/**
 * Keeps what a file of `layout` read as, for the files of that layout after it (asked only when no kept reading read
 * the file: so none of its layout is kept); a layout of exact entries only is not kept.
 */
export function keepReading(layout: Layout, read: ParsedMetadata): void {
  if (read.metadata === null || layout.entries.every((e) => e.kind === 'exact')) return;
  const diagnostics = read.diagnostics.map((d) => ({ line: d.line, severity: d.severity, code: d.code, message: d.message }));
  const kept: KeptReading = { entries: layout.entries, newlineAtEnd: layout.newlineAtEnd, metadata: { ...read.metadata }, diagnostics, style: read.style };
  recent = [kept, ...recent.slice(0, TRIED - 1)];
}
