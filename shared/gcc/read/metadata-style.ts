// How a metadata.yaml is written (key order, quoting, null and empty spellings, line ends) and which writers
// produce exactly its bytes: the evidence the dialect detection (../dialects/detect.ts) weighs.

import type { BranchMetadata, Dialect } from '../../types.ts';
import { writersOf } from '../write/metadata-write.ts';
import { METADATA_KEYS, NULLABLE_KEYS, SORTED_KEYS, STRUCT_KEYS_WITHOUT_MERGED, TIMESTAMP_KEYS, type MetadataKey } from './metadata-keys.ts';
import type { ReadValue, ScalarSpelling } from './metadata-value.ts';

export type MetadataKeyOrder =
  | 'sorted' // python, lua, elixir
  | 'struct' // typescript, rust, zig (and go once merged): name, purpose, created_from, created_at, status, merged_into, merged_at
  | 'struct-without-merged' // go while active: merged_* omitted
  | 'other'
  | 'none';

export interface MetadataStyle {
  /** The file parsed as YAML without errors. */
  validYaml: boolean;
  /** Top-level keys in file order (duplicates included). */
  keys: string[];
  keyOrder: MetadataKeyOrder;
  /** Spelling of each known key's value. */
  spelling: Partial<Record<MetadataKey, ScalarSpelling>>;
  /** How created_at / merged_at are quoted: python, typescript, lua, elixir `'…'`; go `"…"`; rust, zig none. */
  timestampQuoting: 'single' | 'double' | 'plain' | 'mixed' | 'none';
  /** How a null is written (`merged_into: null`). */
  nullSpelling: 'null' | '~' | 'empty' | 'mixed' | 'none';
  /** How an empty string is written (main's created_from): `''`, `""` (go), nothing (zig). */
  emptyString: "''" | '""' | 'empty' | 'none';
  /** Non-ASCII text: raw UTF-8, or `\x..`/`\u....` escapes in double quotes (python). */
  nonAscii: 'raw' | 'escaped' | 'none';
  /** Some value spans several lines (PyYAML folds at 80 columns, js-yaml uses `>-`). */
  multiLineValue: boolean;
  lineEnding: 'lf' | 'crlf' | 'none';
  /** Writers whose serializer reproduces these exact bytes from the parsed metadata (the strongest evidence). */
  writers: Dialect[];
}

export const EMPTY_STYLE: MetadataStyle = {
  validYaml: false,
  keys: [],
  keyOrder: 'none',
  spelling: {},
  timestampQuoting: 'none',
  nullSpelling: 'none',
  emptyString: 'none',
  nonAscii: 'none',
  multiLineValue: false,
  lineEnding: 'none',
  writers: [],
};

function keyOrderOf(keys: readonly string[]): MetadataKeyOrder {
  if (keys.length === 0) return 'none';
  const same = (expected: readonly string[]): boolean => keys.length === expected.length && keys.every((k, i) => k === expected[i]);
  if (same(SORTED_KEYS)) return 'sorted';
  if (same(METADATA_KEYS)) return 'struct';
  if (same(STRUCT_KEYS_WITHOUT_MERGED)) return 'struct-without-merged';
  return 'other';
}

/** The one spelling all of `values` share, `mixed` when they differ, `none` when there are none. */
function combine<T extends string>(values: readonly T[], mixed: T, none: T): T {
  const first = values[0];
  if (first === undefined) return none;
  return values.every((v) => v === first) ? first : mixed;
}

function someValueSpansLines(values: ReadonlyMap<string, ReadValue>): boolean {
  for (const v of values.values()) if (v.raw.includes('\n')) return true;
  return false;
}

export function styleFromParts(
  text: string,
  keys: string[],
  values: Map<string, ReadValue>,
  validYaml: boolean,
  meta: BranchMetadata | null,
): MetadataStyle {
  const spelling: Partial<Record<MetadataKey, ScalarSpelling>> = {};
  const timestampQuotes: MetadataStyle['timestampQuoting'][] = [];
  const nulls: MetadataStyle['nullSpelling'][] = [];
  const empties: MetadataStyle['emptyString'][] = [];
  let escaped = false;
  for (const key of METADATA_KEYS) {
    const read = values.get(key);
    if (read === undefined) continue;
    spelling[key] = read.spelling;
    if (TIMESTAMP_KEYS.has(key) && read.value !== null && read.value !== '') {
      const q = read.spelling === 'single' ? 'single' : read.spelling === 'double' ? 'double' : read.spelling === 'plain' ? 'plain' : 'mixed';
      timestampQuotes.push(q);
    }
    if (read.value === null && read.spelling === 'plain') {
      const word = read.raw.trim();
      if (word === '' && !NULLABLE_KEYS.has(key)) empties.push('empty');
      else nulls.push(word === '' ? 'empty' : word === '~' ? '~' : 'null');
    }
    if (read.value === '' && read.spelling === 'single') empties.push("''");
    if (read.value === '' && read.spelling === 'double') empties.push('""');
    if (read.value === '' && read.spelling === 'plain') empties.push('empty');
    if (read.spelling === 'double' && /\\[xuU][0-9A-Fa-f]/.test(read.raw)) escaped = true;
  }
  const nonAscii = escaped ? 'escaped' : /[^\x00-\x7f]/.test(text) ? 'raw' : 'none';
  return {
    validYaml,
    keys,
    keyOrder: keyOrderOf(keys),
    spelling,
    timestampQuoting: combine(timestampQuotes, 'mixed', 'none'),
    nullSpelling: combine(nulls, 'mixed', 'none'),
    emptyString: combine(empties, 'empty', 'none'),
    nonAscii,
    multiLineValue: someValueSpansLines(values),
    lineEnding: text.includes('\r\n') ? 'crlf' : text.includes('\n') ? 'lf' : 'none',
    writers: meta === null ? [] : writersOf(meta, text),
  };
}
