// metadata.yaml written exactly as each writer writes it: a file we write for a workspace must be byte-identical to what
// its own implementation would write.

import type { BranchMetadata, Dialect } from '../../types.ts';
import { METADATA_KEYS, NULLABLE_KEYS, SORTED_KEYS, STRUCT_KEYS_WITHOUT_MERGED, valueOf, type MetadataKey } from '../read/metadata-keys.ts';
import { emitJsYamlValue } from './yaml-emit/js-yaml.ts';
import { emitGoYamlPair, emitRustYamlPair } from './yaml-emit/libyaml.ts';
import { emitPyYamlPair } from './yaml-emit/pyyaml.ts';
import { elixirValue, luaValue } from './yaml-emit/hand-written.ts';
import { entryEnd, SharedFacts } from './metadata-entry-match.ts';

// The emitters behind the writers (yaml-emit/), reduced to what they do with one string value in a top-level block
// mapping, are ported rule for rule:
//   python     PyYAML `yaml.dump` (sort_keys, allow_unicode=False, width 80)  — emitter.py
//   typescript js-yaml 4 `dump` (lineWidth 80)                                — dumper.js
//   go         gopkg.in/yaml.v3 (libyaml port, unicode, no line wrapping)
//   rust       serde_yaml 0.9 (unsafe-libyaml, unicode, no line wrapping)
//   lua, elixir, zig: hand-written `key: value` lines (yaml-emit/hand-written.ts)
/** Writers whose serializer we can run; `unknown` is not a writer. */
export const METADATA_WRITERS: readonly Exclude<Dialect, 'unknown'>[] = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir'];

const KEY_INDEX = Object.fromEntries(METADATA_KEYS.map((key, i) => [key, i])) as Record<MetadataKey, number>;

/** The keys `dialect`'s writer writes for `meta`, in its order. */
function keysWritten(meta: BranchMetadata, dialect: Dialect): readonly MetadataKey[] {
  switch (dialect) {
    case 'python':
    case 'lua':
    case 'elixir':
      return SORTED_KEYS;
    case 'go':
      // `omitempty` pointers: merged_* appear only once set
      if (meta.mergedInto === null && meta.mergedAt === null) return STRUCT_KEYS_WITHOUT_MERGED;
      return METADATA_KEYS.filter((key) => !(NULLABLE_KEYS.has(key) && valueOf(meta, key) === null));
    default:
      return METADATA_KEYS;
  }
}

/** One `key: value` entry (its lines, each ending in `\n`) as `dialect`'s writer writes it. */
export function entryText(key: MetadataKey, value: string | null, dialect: Dialect): string {
  switch (dialect) {
    case 'python':
      return emitPyYamlPair(key, value);
    case 'lua':
      return `${key}: ${luaValue(value)}\n`;
    case 'elixir':
      return `${key}: ${elixirValue(value)}\n`;
    case 'zig':
      return `${key}: ${value ?? 'null'}\n`;
    case 'rust':
      return emitRustYamlPair(key, value);
    case 'go':
      return emitGoYamlPair(key, value);
    case 'typescript':
    case 'unknown':
      return `${key}: ${emitJsYamlValue(value)}\n`;
  }
}

/** What follows the entries: libyaml 0.2.5 (unsafe-libyaml) ends the document with `...` once a `|+` block kept trailing breaks. */
function documentEnd(body: string, dialect: Dialect): string {
  return dialect === 'rust' && /^[a-z_]+: \|2?\+$/m.test(body) ? '...\n' : '';
}

/**
 * metadata.yaml exactly as `dialect`'s writer would write `meta` (a string; encode as UTF-8).
 * `unknown` writes as TypeScript. Lua: this is what Lua writes *given these values*; Lua's own next
 * rewrite of an existing file first reads it back without un-doubling `''` — to reproduce that, pass
 * `readMetadataLineBased(text, 'lua')`.
 */
export function serializeMetadata(meta: BranchMetadata, dialect: Dialect): string {
  const body = keysWritten(meta, dialect)
    .map((key) => entryText(key, valueOf(meta, key), dialect))
    .join('');
  return body + documentEnd(body, dialect);
}

/**
 * Whether `dialect`'s writer writes exactly `text` for `meta`: serializeMetadata(meta, dialect) === text, found entry
 * by entry so that a writer is given up at its first entry that differs (a start-up asks this of seven writers for
 * every branch, and most differ in their first key: entryEnd checks the key first). An entry is matched in place
 * where metadata-entry-match.ts can (nearly always), else written and compared. `facts` holds what the writers share
 * about each value.
 */
function writesExactly(meta: BranchMetadata, values: readonly (string | null)[], dialect: Dialect, text: string, facts: SharedFacts): boolean {
  let at = 0;
  for (const key of keysWritten(meta, dialect)) {
    const keyIndex = KEY_INDEX[key];
    const value = values[keyIndex] ?? null;
    const end = entryEnd(text, at, key, keyIndex, value, dialect, facts);
    if (end === undefined) {
      // A value the matcher leaves to the emitters (its `key: ` stands here already).
      const entry = entryText(key, value, dialect);
      if (!text.startsWith(entry, at)) return false;
      at += entry.length;
    } else if (end < 0) {
      return false;
    } else {
      at = end;
    }
  }
  // Only Rust's end holds more than the entries (documentEnd), and only after a `|` block.
  if (dialect !== 'rust' || !text.includes('|')) return at === text.length;
  return text.slice(at) === documentEnd(text.slice(0, at), dialect);
}

/** The writers that would produce exactly `text` for `meta`. */
export function writersOf(meta: BranchMetadata, text: string): Dialect[] {
  const values = METADATA_KEYS.map((key) => valueOf(meta, key));
  const facts = new SharedFacts();
  return METADATA_WRITERS.filter((dialect) => writesExactly(meta, values, dialect, text, facts));
}
