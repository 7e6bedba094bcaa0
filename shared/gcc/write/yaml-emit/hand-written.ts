// The hand-written `key: value` lines of Contexa Lua and Elixir: when they quote a value. Shared by the serializer
// (../metadata-write.ts) and the entry matcher (../metadata-entry-match.ts), which must agree byte for byte.

/** Lua's `yaml_val` quotes a non-empty value holding `:`, `#` or `'`. */
export function luaQuotes(value: string): boolean {
  return value.includes(':') || value.includes('#') || value.includes("'");
}

/** Elixir's `yaml_val` quotes a non-empty value holding `:` or `#` (a `'` alone stays plain). */
export function elixirQuotes(value: string): boolean {
  return value.includes(':') || value.includes('#');
}

/** A value in single quotes, each `'` doubled: how Lua and Elixir quote (and PyYAML, js-yaml, libyaml on one line). */
export function singleQuoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Lua's `yaml_val`. */
export function luaValue(value: string | null): string {
  if (value === null) return 'null';
  if (value === '') return "''";
  return luaQuotes(value) ? singleQuoted(value) : value;
}

/** Elixir's `yaml_val`. */
export function elixirValue(value: string | null): string {
  if (value === null) return 'null';
  if (value === '') return "''";
  return elixirQuotes(value) ? singleQuoted(value) : value;
}
