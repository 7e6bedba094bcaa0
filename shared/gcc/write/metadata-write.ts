// metadata.yaml written exactly as each writer writes it. The YAML emitters behind the seven writers'
// metadata.yaml (yaml-emit/), reduced to what they do with one string value in a top-level block mapping, are
// ported rule for rule from the emitters the writers use, because a file we write for a workspace must be
// byte-identical to what its own implementation would write:
//   python     PyYAML `yaml.dump` (sort_keys, allow_unicode=False, width 80)  — emitter.py
//   typescript js-yaml 4 `dump` (lineWidth 80)                                — dumper.js
//   go         gopkg.in/yaml.v3 (libyaml port, unicode, no line wrapping)
//   rust       serde_yaml 0.9 (unsafe-libyaml, unicode, no line wrapping)
//   lua, elixir, zig: hand-written `key: value` lines (below)

import type { BranchMetadata, Dialect } from '../../types.ts';
import { METADATA_KEYS, NULLABLE_KEYS, SORTED_KEYS, valueOf } from '../read/metadata-keys.ts';
import { emitJsYamlValue } from './yaml-emit/js-yaml.ts';
import { emitGoYamlPair, emitRustYamlPair } from './yaml-emit/libyaml.ts';
import { emitPyYamlPair } from './yaml-emit/pyyaml.ts';

/** Writers whose serializer we can run; `unknown` is not a writer. */
export const METADATA_WRITERS: readonly Exclude<Dialect, 'unknown'>[] = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir'];

/** Lua's `yaml_val`: quote only for `:`, `#` or `'`, doubling `'`. */
function luaValue(value: string | null): string {
  if (value === null) return 'null';
  if (value === '') return "''";
  if (value.includes(':') || value.includes('#') || value.includes("'")) return `'${value.replace(/'/g, "''")}'`;
  return value;
}

/** Elixir's `yaml_val`: quote only for `:` or `#`, doubling `'`. */
function elixirValue(value: string | null): string {
  if (value === null) return 'null';
  if (value === '') return "''";
  if (value.includes(':') || value.includes('#')) return `'${value.replace(/'/g, "''")}'`;
  return value;
}

/**
 * metadata.yaml exactly as `dialect`'s writer would write `meta` (a string; encode as UTF-8).
 * `unknown` writes as TypeScript. Lua: this is what Lua writes *given these values*; Lua's own next
 * rewrite of an existing file first reads it back without un-doubling `''` — to reproduce that, pass
 * `readMetadataLineBased(text, 'lua')`.
 */
export function serializeMetadata(meta: BranchMetadata, dialect: Dialect): string {
  switch (dialect) {
    case 'python':
      return SORTED_KEYS.map((key) => emitPyYamlPair(key, valueOf(meta, key))).join('');
    case 'lua':
      return SORTED_KEYS.map((key) => `${key}: ${luaValue(valueOf(meta, key))}\n`).join('');
    case 'elixir':
      return SORTED_KEYS.map((key) => `${key}: ${elixirValue(valueOf(meta, key))}\n`).join('');
    case 'zig':
      return METADATA_KEYS.map((key) => `${key}: ${valueOf(meta, key) ?? 'null'}\n`).join('');
    case 'rust': {
      const body = METADATA_KEYS.map((key) => emitRustYamlPair(key, valueOf(meta, key))).join('');
      // libyaml 0.2.5 (unsafe-libyaml) ends the document with `...` once a `|+` block kept trailing breaks
      return /^[a-z_]+: \|2?\+$/m.test(body) ? `${body}...\n` : body;
    }
    case 'go':
      // `omitempty` pointers: merged_* appear only once set
      return METADATA_KEYS.filter((key) => !(NULLABLE_KEYS.has(key) && valueOf(meta, key) === null))
        .map((key) => emitGoYamlPair(key, valueOf(meta, key)))
        .join('');
    case 'typescript':
    case 'unknown':
      return METADATA_KEYS.map((key) => `${key}: ${emitJsYamlValue(valueOf(meta, key))}\n`).join('');
  }
}

/** The writers that would produce exactly `text` for `meta`. */
export function writersOf(meta: BranchMetadata, text: string): Dialect[] {
  return METADATA_WRITERS.filter((dialect) => serializeMetadata(meta, dialect) === text);
}
