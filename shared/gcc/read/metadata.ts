// metadata.yaml of a branch: reading it for every dialect, and writing it exactly as each writer does.
//
// Reading is YAML 1.1 (the writers' own readers are PyYAML, js-yaml, yaml.v3, serde_yaml or line
// based), but a value is always the text in the file: `yes` stays "yes", an unquoted timestamp stays
// the string. When another reader would see something else (a boolean, a date, a list), we say so in
// a diagnostic instead of guessing. Invalid YAML (Zig writes it whenever a purpose holds `: `) is read
// line by line, as the Lua, Elixir and Zig readers do.

import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import type { BranchMetadata, Diagnostic, Dialect, Severity } from '../../types.ts';
import { emitJsYamlValue } from '../write/yaml-emit/js-yaml.ts';
import { emitGoYamlPair, emitRustYamlPair } from '../write/yaml-emit/libyaml.ts';
import { emitPyYamlPair } from '../write/yaml-emit/pyyaml.ts';

/** The keys as they are spelled in metadata.yaml. */
export const METADATA_KEYS = ['name', 'purpose', 'created_from', 'created_at', 'status', 'merged_into', 'merged_at'] as const;
export type MetadataKey = (typeof METADATA_KEYS)[number];

const FIELD_OF_KEY: Record<MetadataKey, keyof BranchMetadata> = {
  name: 'name',
  purpose: 'purpose',
  created_from: 'createdFrom',
  created_at: 'createdAt',
  status: 'status',
  merged_into: 'mergedInto',
  merged_at: 'mergedAt',
};
const NULLABLE_KEYS: ReadonlySet<MetadataKey> = new Set(['merged_into', 'merged_at']);
const TIMESTAMP_KEYS: ReadonlySet<MetadataKey> = new Set(['created_at', 'merged_at']);
const SORTED_KEYS: readonly MetadataKey[] = [...METADATA_KEYS].sort();
const KNOWN_STATUSES = new Set(['active', 'merged', 'abandoned']);
/** Writers whose serializer we can run; `unknown` is not a writer. */
export const METADATA_WRITERS: readonly Exclude<Dialect, 'unknown'>[] = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir'];

export type MetadataKeyOrder =
  | 'sorted' // python, lua, elixir
  | 'struct' // typescript, rust, zig (and go once merged): name, purpose, created_from, created_at, status, merged_into, merged_at
  | 'struct-without-merged' // go while active: merged_* omitted
  | 'other'
  | 'none';

/** How a value is spelled in the file. `unparsed`: the file is not valid YAML, judged from its first character. */
export type ScalarSpelling = 'plain' | 'single' | 'double' | 'folded' | 'literal' | 'alias' | 'collection';

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

export interface ParsedMetadata {
  metadata: BranchMetadata | null;
  diagnostics: Diagnostic[];
  style: MetadataStyle;
}

const EMPTY_STYLE: MetadataStyle = {
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

// ---------------------------------------------------------------------------------------------
// Writing. The YAML emitters behind the seven writers' metadata.yaml (../write/yaml-emit/), reduced to what
// they do with one string value in a top-level block mapping. Ported rule for rule from the emitters the
// writers use, because a file we write for a workspace must be byte-identical to what its own implementation
// would write:
//   python     PyYAML `yaml.dump` (sort_keys, allow_unicode=False, width 80)  — emitter.py
//   typescript js-yaml 4 `dump` (lineWidth 80)                                — dumper.js
//   go         gopkg.in/yaml.v3 (libyaml port, unicode, no line wrapping)
//   rust       serde_yaml 0.9 (unsafe-libyaml, unicode, no line wrapping)
//   lua, elixir, zig: hand-written `key: value` lines (below)

function valueOf(meta: BranchMetadata, key: MetadataKey): string | null {
  const value = meta[FIELD_OF_KEY[key]];
  return value === null || value === undefined ? null : String(value);
}

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

// ---------------------------------------------------------------------------------------------
// Line-based readers (bad/BEHAVIOUR.md): what Lua, Elixir and Zig make of any metadata.yaml

export type LineBasedReader = 'lua' | 'elixir' | 'zig';

function emptyMetadata(status: string): BranchMetadata {
  return { name: '', purpose: '', createdFrom: '', createdAt: '', status, mergedInto: null, mergedAt: null };
}

function assign(meta: BranchMetadata, key: string, value: string | null): void {
  if (!(METADATA_KEYS as readonly string[]).includes(key)) return;
  const k = key as MetadataKey;
  const field = FIELD_OF_KEY[k];
  if (NULLABLE_KEYS.has(k)) (meta as unknown as Record<string, string | null>)[field] = value;
  else (meta as unknown as Record<string, string>)[field] = value ?? (k === 'status' ? 'active' : '');
}

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

// ---------------------------------------------------------------------------------------------
// Reading

/** Offset of the first byte that is not part of a valid UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] ?? 0;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    if (need === 2) {
      const c = bytes[i + 1] ?? 0;
      if ((b === 0xe0 && c < 0xa0) || (b === 0xed && c >= 0xa0)) return i;
    }
    if (need === 3) {
      const c = bytes[i + 1] ?? 0;
      if ((b === 0xf0 && c < 0x90) || (b === 0xf4 && c >= 0x90)) return i;
    }
    i += need + 1;
  }
  return -1;
}

function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

interface Reader {
  file: string;
  diagnostics: Diagnostic[];
  report(line: number, severity: Severity, code: string, message: string): void;
}

function makeReader(file: string): Reader {
  const diagnostics: Diagnostic[] = [];
  return {
    file,
    diagnostics,
    report(line, severity, code, message) {
      diagnostics.push({ file, line, severity, code, message });
    },
  };
}

function keyOrderOf(keys: readonly string[]): MetadataKeyOrder {
  if (keys.length === 0) return 'none';
  const same = (expected: readonly string[]): boolean => keys.length === expected.length && keys.every((k, i) => k === expected[i]);
  if (same(SORTED_KEYS)) return 'sorted';
  if (same(METADATA_KEYS)) return 'struct';
  if (same(METADATA_KEYS.filter((k) => !NULLABLE_KEYS.has(k)))) return 'struct-without-merged';
  return 'other';
}

function combine<T extends string>(values: T[], mixed: T, none: T): T {
  const distinct = [...new Set(values)];
  if (distinct.length === 0) return none;
  return distinct.length === 1 ? (distinct[0] as T) : mixed;
}

const SPELLING_OF_TYPE: Record<string, ScalarSpelling> = {
  PLAIN: 'plain',
  QUOTE_SINGLE: 'single',
  QUOTE_DOUBLE: 'double',
  BLOCK_FOLDED: 'folded',
  BLOCK_LITERAL: 'literal',
};

const isYamlNullWord = (source: string): boolean => /^(?:~|null|Null|NULL|)$/.test(source);

/** Number of scalars an alias would expand to, memoised so a billion laughs costs nine steps. */
function expansionSize(node: unknown, doc: Document, memo: Map<unknown, number>, depth = 0): number {
  if (depth > 100) return Number.POSITIVE_INFINITY;
  const known = memo.get(node);
  if (known !== undefined) return known;
  let size = 1;
  if (isAlias(node)) {
    const target = node.resolve(doc);
    size = target === undefined ? 1 : expansionSize(target, doc, memo, depth + 1);
  } else if (isSeq(node)) {
    size = node.items.reduce<number>((sum, item) => sum + expansionSize(item, doc, memo, depth + 1), 0);
  } else if (isMap(node)) {
    size = node.items.reduce<number>((sum, pair) => sum + expansionSize(pair.value, doc, memo, depth + 1), 0);
  }
  memo.set(node, size);
  return size;
}

interface ReadValue {
  value: string | null;
  spelling: ScalarSpelling;
  /** The value's text as it stands in the file. */
  raw: string;
  line: number;
}

/** Read one value node without ever resolving tags into Dates, booleans or expanded aliases. */
function readValueNode(
  key: MetadataKey | string,
  node: YamlNode | null,
  doc: Document,
  text: string,
  lines: LineCounter,
  reader: Reader,
): ReadValue {
  const range = node?.range;
  const line = range ? lines.linePos(range[0]).line : 0;
  const raw = range ? text.slice(range[0], range[1]) : '';
  if (node === null) return { value: null, spelling: 'plain', raw: '', line };
  if (isAlias(node)) {
    const target = node.resolve(doc);
    if (isScalar(target)) {
      reader.report(line, 'warning', 'yaml-alias', `\`${key}\` is an alias (*${node.source}) to a scalar; read as its text.`);
      return { value: String(target.source ?? target.value ?? ''), spelling: 'alias', raw, line };
    }
    const size = expansionSize(node, doc, new Map());
    const shown = Number.isFinite(size) ? size.toLocaleString('en-US') : 'an unbounded number of';
    reader.report(
      line,
      'error',
      'yaml-alias-bomb',
      `\`${key}\` is an alias (*${node.source}) to a collection that expands to ${shown} scalars. Not expanded: ` +
        'PyYAML returns a list here, js-yaml spends seconds expanding it, the line-based readers see the text ' +
        `"*${node.source}".`,
    );
    return { value: null, spelling: 'alias', raw, line };
  }
  if (!isScalar(node)) {
    reader.report(line, 'error', 'non-string-value', `\`${key}\` holds a ${isSeq(node) ? 'list' : 'mapping'}, not text.`);
    return { value: null, spelling: 'collection', raw, line };
  }
  const spelling = SPELLING_OF_TYPE[node.type ?? 'PLAIN'] ?? 'plain';
  const source = String(node.source ?? node.value ?? '');
  if (spelling === 'plain' && isYamlNullWord(source)) return { value: null, spelling, raw, line };
  if (spelling === 'plain') {
    const resolved: unknown = node.value;
    if (typeof resolved === 'boolean') {
      reader.report(
        line,
        'warning',
        'yaml-1.1-boolean',
        `\`${key}: ${source}\` is unquoted: YAML 1.1 readers (PyYAML, so Python's Contexa) read it as the boolean ` +
          `${resolved}, YAML 1.2 readers as text. Shown as the text "${source}".`,
      );
    } else if (typeof resolved === 'number' || typeof resolved === 'bigint') {
      reader.report(line, 'warning', 'yaml-number', `\`${key}: ${source}\` is unquoted: YAML readers take it for a number. Shown as the text.`);
    } else if (resolved instanceof Date) {
      if (TIMESTAMP_KEYS.has(key as MetadataKey)) {
        reader.report(
          line,
          'info',
          'yaml-unquoted-timestamp',
          `\`${key}\` is an unquoted timestamp (Rust and Zig write it so): PyYAML and js-yaml readers get a date object. Kept as the exact text.`,
        );
      } else {
        reader.report(line, 'warning', 'yaml-timestamp', `\`${key}: ${source}\` is unquoted and YAML readers take it for a date. Shown as the text.`);
      }
    }
  }
  return { value: source, spelling, raw, line };
}

/** Checks shared by the YAML and the line-based paths. */
function checkFields(meta: BranchMetadata, present: ReadonlySet<string>, lineOf: (key: string) => number, reader: Reader): void {
  for (const key of METADATA_KEYS) {
    if (!present.has(key) && !NULLABLE_KEYS.has(key)) {
      const fallback = key === 'status' ? ' (read as "active", as Lua and Elixir do)' : ' (read as "")';
      reader.report(0, 'warning', 'missing-key', `metadata.yaml has no \`${key}\`${fallback}.`);
    }
  }
  if (present.has('status') && !KNOWN_STATUSES.has(meta.status)) {
    reader.report(lineOf('status'), 'warning', 'unknown-status', `status "${meta.status}" is none of active, merged, abandoned.`);
  }
}

function lineBasedKeys(text: string): { key: string; line: number; raw: string }[] {
  const found: { key: string; line: number; raw: string }[] = [];
  text.split('\n').forEach((line, index) => {
    const m = /^([^ \t\n\v\f\r:]+):(?:[ \t]([^]*))?$/.exec(line.replace(/\r$/, ''));
    if (m !== null) found.push({ key: m[1] ?? '', line: index + 1, raw: m[2] ?? '' });
  });
  return found;
}

function spellingOfRaw(raw: string): ScalarSpelling {
  if (raw.startsWith("'")) return 'single';
  if (raw.startsWith('"')) return 'double';
  if (raw.startsWith('>')) return 'folded';
  if (raw.startsWith('|')) return 'literal';
  if (raw.startsWith('*')) return 'alias';
  return 'plain';
}

function styleFromParts(
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
    multiLineValue: [...values.values()].some((v) => v.raw.includes('\n')),
    lineEnding: text.includes('\r\n') ? 'crlf' : text.includes('\n') ? 'lf' : 'none',
    writers: meta === null ? [] : writersOf(meta, text),
  };
}

/** Lua's rewrite doubles every `'` again; tell the reader what the agent most likely wrote. */
function reportLuaDoubling(meta: BranchMetadata, style: MetadataStyle, lineOf: (key: string) => number, reader: Reader): void {
  if (!style.writers.includes('lua')) return;
  for (const key of METADATA_KEYS) {
    const value = valueOf(meta, key);
    if (value === null || !value.includes("''")) continue;
    let original = value;
    while (original.includes("''")) original = original.replace(/''/g, "'");
    reader.report(
      lineOf(key),
      'warning',
      'lua-doubled-quotes',
      `\`${key}\` holds doubled quotes (''), the mark of Lua's writer: it doubles every ' each time it rewrites ` +
        `metadata.yaml, and its reader never un-doubles them. The agent most likely wrote "${original}"; shown as YAML reads it. ` +
        "Lua's next rewrite will double them again.",
    );
  }
}

function readLineBased(text: string, reader: Reader, firstError: { line: number; message: string }): ParsedMetadata {
  const found = lineBasedKeys(text);
  const known = found.filter((f) => (METADATA_KEYS as readonly string[]).includes(f.key));
  const readings = { lua: readMetadataLineBased(text, 'lua'), elixir: readMetadataLineBased(text, 'elixir'), zig: readMetadataLineBased(text, 'zig') };
  if (known.length === 0) {
    reader.report(firstError.line, 'error', 'invalid-yaml', `metadata.yaml is not valid YAML (${firstError.message}) and no \`key: value\` line could be recovered.`);
    return { metadata: null, diagnostics: reader.diagnostics, style: { ...EMPTY_STYLE, keys: found.map((f) => f.key) } };
  }
  const meta = readings.elixir;
  const disagreements = METADATA_KEYS.filter((key) => {
    const values = new Set([valueOf(readings.lua, key), valueOf(readings.elixir, key), valueOf(readings.zig, key)]);
    return values.size > 1;
  });
  const agreement = disagreements.length === 0 ? 'all three agree' : `they disagree on ${disagreements.join(', ')}; shown as Elixir reads it`;
  reader.report(
    firstError.line,
    'error',
    'invalid-yaml',
    `metadata.yaml is not valid YAML (${firstError.message}); YAML readers (Python, TypeScript, Go, Rust) get no metadata. ` +
      `Values recovered line by line as Lua, Elixir and Zig read them (${agreement}).`,
  );
  const lineOf = (key: string): number => found.find((f) => f.key === key)?.line ?? 0;
  for (const f of known) {
    if (/^'/.test(f.raw) && !/^'(?:[^']|'')*'\s*$/.test(f.raw)) {
      reader.report(f.line, 'warning', 'unterminated-quote', `\`${f.key}\` opens a ' quote that never closes; the line-based readers keep the quote.`);
    }
  }
  const present = new Set(known.map((f) => f.key));
  checkFields(meta, present, lineOf, reader);
  const values = new Map<string, ReadValue>(
    known.map((f) => [f.key, { value: valueOf(meta, f.key as MetadataKey), spelling: spellingOfRaw(f.raw), raw: f.raw, line: f.line }]),
  );
  const style = styleFromParts(text, found.map((f) => f.key), values, false, meta);
  reportLuaDoubling(meta, style, lineOf, reader);
  return { metadata: meta, diagnostics: reader.diagnostics, style };
}

/**
 * Read metadata.yaml. `bytes` null means the file does not exist. Never throws: every problem is a
 * diagnostic, and whatever could be read is returned.
 */
export function parseMetadata(bytes: Uint8Array | null, file: string): ParsedMetadata {
  const reader = makeReader(file);
  if (bytes === null) {
    reader.report(0, 'warning', 'missing-metadata', 'The branch has no metadata.yaml: name, purpose and status are unknown (every Contexa reader returns no metadata).');
    return { metadata: null, diagnostics: reader.diagnostics, style: EMPTY_STYLE };
  }
  const badByte = firstInvalidUtf8(bytes);
  if (badByte >= 0) {
    reader.report(lineOfByte(bytes, badByte), 'warning', 'invalid-utf8', `metadata.yaml is not valid UTF-8 (byte 0x${(bytes[badByte] ?? 0).toString(16).padStart(2, '0')} at offset ${badByte}); replaced by U+FFFD.`);
  }
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    reader.report(0, 'error', 'empty-metadata', 'metadata.yaml is empty.');
    return { metadata: null, diagnostics: reader.diagnostics, style: EMPTY_STYLE };
  }

  const lines = new LineCounter();
  let doc: Document;
  try {
    // uniqueKeys off: duplicates are reported below instead of failing the whole file. We never call
    // doc.toJS(), so aliases are never expanded (maxAliasCount is a toJS option; an alias bomb costs
    // nothing here and is measured by expansionSize instead).
    doc = parseDocument(text, { version: '1.1', uniqueKeys: false, lineCounter: lines, prettyErrors: true });
  } catch (error) {
    return readLineBased(text, reader, { line: 0, message: error instanceof Error ? error.message : String(error) });
  }
  const firstError = doc.errors[0];
  if (firstError !== undefined) {
    const line = firstError.linePos?.[0]?.line ?? 0;
    return readLineBased(text, reader, { line, message: firstError.message.split('\n')[0] ?? firstError.code });
  }
  if (!isMap(doc.contents)) {
    reader.report(1, 'error', 'metadata-not-a-mapping', 'metadata.yaml does not hold a `key: value` mapping.');
    return { metadata: null, diagnostics: reader.diagnostics, style: { ...EMPTY_STYLE, validYaml: true } };
  }

  const meta = emptyMetadata('active');
  const keys: string[] = [];
  const values = new Map<string, ReadValue>();
  const seen = new Set<string>();
  for (const pair of doc.contents.items) {
    const keyNode = pair.key as YamlNode | null;
    const keyLine = keyNode?.range ? lines.linePos(keyNode.range[0]).line : 0;
    if (!isScalar(keyNode)) {
      reader.report(keyLine, 'warning', 'unknown-key', 'A key that is not text is ignored.');
      continue;
    }
    const key = String(keyNode.source ?? keyNode.value);
    keys.push(key);
    const known = (METADATA_KEYS as readonly string[]).includes(key);
    if (!known) {
      reader.report(keyLine, 'info', 'unknown-key', `Key \`${key}\` is not part of Contexa's metadata; ignored.`);
      continue;
    }
    if (seen.has(key)) {
      reader.report(keyLine, 'warning', 'duplicate-key', `\`${key}\` appears twice; the last one is used (as PyYAML, Lua and Elixir do; js-yaml rejects the file, Zig takes the first).`);
    }
    seen.add(key);
    const read = readValueNode(key, pair.value as YamlNode | null, doc, text, lines, reader);
    values.set(key, read);
    const k = key as MetadataKey;
    if (read.value === null && !NULLABLE_KEYS.has(k) && !(k === 'created_from' && read.raw.trim() === '') && read.spelling !== 'alias' && read.spelling !== 'collection') {
      reader.report(read.line, 'warning', 'null-value', `\`${key}\` is null; read as ${k === 'status' ? '"active"' : '""'}.`);
    }
    assign(meta, key, read.value);
  }
  const lineOf = (key: string): number => values.get(key)?.line ?? 0;
  checkFields(meta, seen, lineOf, reader);
  const style = styleFromParts(text, keys, values, true, meta);
  reportLuaDoubling(meta, style, lineOf, reader);
  return { metadata: meta, diagnostics: reader.diagnostics, style };
}
