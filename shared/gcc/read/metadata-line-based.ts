// The line-based readers of metadata.yaml (bad/BEHAVIOUR.md): what Lua, Elixir and Zig make of any
// metadata.yaml, valid YAML or not.

import type { BranchMetadata } from '../../types.ts';
import { assign, emptyMetadata, METADATA_KEYS, NULLABLE_KEYS } from './metadata-keys.ts';

export type LineBasedReader = 'lua' | 'elixir' | 'zig';

/** The metadata as one of the line-based implementations reads it, quirks included. */
export function readMetadataLineBased(text: string, reader: LineBasedReader): BranchMetadata {
  if (reader === 'zig') {
    // parseYamlValue: first line starting with `key: `, outer '…' stripped, `null` → "", "" → null for merged_*
    const meta = emptyMetadata('');
    const lines = text.split('\n');
    for (const key of METADATA_KEYS) {
      const line = lines.find((l) => l.startsWith(`${key}: `));
      let value = line === undefined ? '' : line.slice(key.length + 2);
      if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) value = value.slice(1, -1);
      if (value === 'null') value = '';
      assign(meta, key, NULLABLE_KEYS.has(key) && value === '' ? null : value);
    }
    return meta;
  }
  const meta = emptyMetadata('active');
  // Lua's %s / %S are ASCII; Elixir's PCRE \s without /u likewise.
  const pair = /^([^ \t\n\v\f\r]+):[ \t\n\v\f\r]*([^]*)$/;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const m = pair.exec(line);
    if (m === null) continue;
    const key = m[1] ?? '';
    let value: string | null = m[2] ?? '';
    if (reader === 'lua') {
      const quoted = /^'([^]*)'$/.exec(value);
      if (quoted !== null) value = quoted[1] ?? '';
      if (value === 'null') value = null;
    } else {
      value = value.trim();
      if (value === 'null') value = null;
      else if (value === "''") value = '';
      else if (value.length >= 1 && value.startsWith("'") && value.endsWith("'")) value = value.slice(1, -1).replace(/''/g, "'");
    }
    assign(meta, key, value);
  }
  return meta;
}
