// metadata.yaml of a branch, read for every dialect: a value is always the text in the file, and where another reader
// would see something else (a boolean, a date, a list), a diagnostic says so.

import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import type { BranchMetadata, Diagnostic } from '../../types.ts';
import { lineAtByte } from './bytes.ts';
import { assign, emptyMetadata, METADATA_KEYS, NULLABLE_KEYS, valueOf, type MetadataKey } from './metadata-keys.ts';
import { readMetadataLineBased } from './metadata-line-based.ts';
import { EMPTY_STYLE, styleFromParts, type MetadataStyle } from './metadata-style.ts';
import { layoutOf } from './metadata-layout.ts';
import { keepReading, keptStyle, readKept } from './metadata-template.ts';
import { scanWriterLayout } from './metadata-scan.ts';
import { makeReader, readScalar, readValueNode, YAML_OPTIONS, type Reader, type ReadValue, type ScalarSpelling } from './metadata-value.ts';

const KNOWN_STATUSES = new Set(['active', 'merged', 'abandoned']);

export interface ParsedMetadata {
  metadata: BranchMetadata | null;
  diagnostics: Diagnostic[];
  style: MetadataStyle;
}

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

/** The values of the known keys as they are read, gathered into the metadata. */
interface Gathered {
  meta: BranchMetadata;
  /** Top-level keys in file order (duplicates and unknown ones included). */
  keys: string[];
  values: Map<string, ReadValue>;
  seen: Set<string>;
}

function gathering(): Gathered {
  return { meta: emptyMetadata('active'), keys: [], values: new Map(), seen: new Set() };
}

/** One known key's value, read: kept (the last one wins) and a null where text is expected said so. */
function takeValue(into: Gathered, key: string, read: ReadValue, reader: Reader): void {
  into.seen.add(key);
  into.values.set(key, read);
  const k = key as MetadataKey;
  if (read.value === null && !NULLABLE_KEYS.has(k) && !(k === 'created_from' && read.raw.trim() === '') && read.spelling !== 'alias' && read.spelling !== 'collection') {
    reader.report(read.line, 'warning', 'null-value', `\`${key}\` is null; read as ${k === 'status' ? '"active"' : '""'}.`);
  }
  assign(into.meta, key, read.value);
}

/**
 * The checks, the style and the Lua note once every value is read: the same for both ways of reading the values.
 * `layout`: the file's layout when the scan read it, its style then kept for the files of that layout.
 */
function finish(text: string, got: Gathered, reader: Reader, layout: string | null = null): ParsedMetadata {
  const lineOf = (key: string): number => got.values.get(key)?.line ?? 0;
  checkFields(got.meta, got.seen, lineOf, reader);
  const fresh = () => styleFromParts(text, got.keys, got.values, true, got.meta);
  const style = layout === null ? fresh() : keptStyle(layout, fresh);
  reportLuaDoubling(got.meta, style, lineOf, reader);
  return { metadata: got.meta, diagnostics: reader.diagnostics, style };
}

const UTF8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The text of `bytes`, each byte that is not valid UTF-8 replaced by U+FFFD and the first one reported. The strict
 * decoder refuses exactly what firstInvalidUtf8 finds (the same table of well-formed sequences), natively: the byte
 * by byte search runs only for a file it refuses.
 */
function decodeReporting(bytes: Uint8Array, reader: Reader): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    const badByte = firstInvalidUtf8(bytes);
    if (badByte >= 0) {
      reader.report(lineAtByte(bytes, badByte), 'warning', 'invalid-utf8', `metadata.yaml is not valid UTF-8 (byte 0x${(bytes[badByte] ?? 0).toString(16).padStart(2, '0')} at offset ${badByte}); replaced by U+FFFD.`);
    }
    return UTF8.decode(bytes);
  }
}

// Reading is YAML 1.1 (the writers' own readers are PyYAML, js-yaml, yaml.v3, serde_yaml or line based): `yes` stays
// "yes", an unquoted timestamp stays the string. Invalid YAML (Zig writes it whenever a purpose holds `: `) is read
// line by line, as the Lua, Elixir and Zig readers do (metadata-line-based.ts). Written by ../write/metadata-write.ts.
/**
 * Read metadata.yaml. `bytes` null means the file does not exist. Never throws: every problem is a
 * diagnostic, and whatever could be read is returned. A file laid out as the writers lay it out is read without the
 * YAML parser (metadata-scan.ts), to the same result.
 */
export function parseMetadata(bytes: Uint8Array | null, file: string): ParsedMetadata {
  return readMetadataFile(bytes, file, 'kept');
}

/** parseMetadata always through the YAML parser: what the writers' layouts read without it are tested against. */
export function parseMetadataWithYaml(bytes: Uint8Array | null, file: string): ParsedMetadata {
  return readMetadataFile(bytes, file, 'parser');
}

/** parseMetadata with every style worked out afresh: what the styles kept by layout are tested against. */
export function parseMetadataFresh(bytes: Uint8Array | null, file: string): ParsedMetadata {
  return readMetadataFile(bytes, file, 'fresh');
}

/** `parser`: the YAML parser always; `fresh`: the scan where it can, each style worked out; `kept`: styles kept by layout. */
function readMetadataFile(bytes: Uint8Array | null, file: string, how: 'parser' | 'fresh' | 'kept'): ParsedMetadata {
  const reader = makeReader(file);
  if (bytes === null) {
    reader.report(0, 'warning', 'missing-metadata', 'The branch has no metadata.yaml: name, purpose and status are unknown (every Contexa reader returns no metadata).');
    return { metadata: null, diagnostics: reader.diagnostics, style: EMPTY_STYLE };
  }
  const text = decodeReporting(bytes, reader).replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    reader.report(0, 'error', 'empty-metadata', 'metadata.yaml is empty.');
    return { metadata: null, diagnostics: reader.diagnostics, style: EMPTY_STYLE };
  }
  // Only a file the strict decoder took: an invalid byte's diagnostic is the file's own.
  const keep = how === 'kept' && reader.diagnostics.length === 0;
  if (keep) {
    const kept = readKept(text, file);
    if (kept !== null) return kept;
  }
  const scanned = how === 'parser' ? null : scanWriterLayout(text);
  if (scanned !== null) {
    const got = gathering();
    for (const v of scanned) {
      got.keys.push(v.key);
      takeValue(got, v.key, readScalar(v.key, v.spelling, v.source, v.resolved, v.raw, v.line, reader), reader);
    }
    const layout = how === 'kept' ? layoutOf(text, scanned, got.values) : null;
    const read = finish(text, got, reader, layout?.key ?? null);
    if (keep && layout !== null) keepReading(layout, read);
    return read;
  }
  return readWithYaml(text, reader);
}

function readWithYaml(text: string, reader: Reader): ParsedMetadata {
  const lines = new LineCounter();
  let doc: Document;
  try {
    // We never call doc.toJS(), so aliases are never expanded (maxAliasCount is a toJS option; an alias bomb costs
    // nothing here and is measured by expansionSize instead).
    doc = parseDocument(text, { ...YAML_OPTIONS, lineCounter: lines });
  } catch (error) {
    return readLineBased(text, reader, { line: 0, message: error instanceof Error ? error.message : String(error) });
  }
  const firstError = doc.errors[0];
  if (firstError !== undefined) {
    const at = lines.linePos(firstError.pos[0]);
    const message = `${firstError.message.split('\n')[0] ?? firstError.code} at line ${at.line}, column ${at.col}`;
    return readLineBased(text, reader, { line: at.line, message });
  }
  if (!isMap(doc.contents)) {
    reader.report(1, 'error', 'metadata-not-a-mapping', 'metadata.yaml does not hold a `key: value` mapping.');
    return { metadata: null, diagnostics: reader.diagnostics, style: { ...EMPTY_STYLE, validYaml: true } };
  }

  const got = gathering();
  for (const pair of doc.contents.items) {
    const keyNode = pair.key as YamlNode | null;
    const keyLine = keyNode?.range ? lines.linePos(keyNode.range[0]).line : 0;
    if (!isScalar(keyNode)) {
      reader.report(keyLine, 'warning', 'unknown-key', 'A key that is not text is ignored.');
      continue;
    }
    const key = String(keyNode.source ?? keyNode.value);
    got.keys.push(key);
    if (!(METADATA_KEYS as readonly string[]).includes(key)) {
      reader.report(keyLine, 'info', 'unknown-key', `Key \`${key}\` is not part of Contexa's metadata; ignored.`);
      continue;
    }
    if (got.seen.has(key)) {
      reader.report(keyLine, 'warning', 'duplicate-key', `\`${key}\` appears twice; the last one is used (as PyYAML, Lua and Elixir do; js-yaml rejects the file, Zig takes the first).`);
    }
    takeValue(got, key, readValueNode(key, pair.value as YamlNode | null, doc, text, lines, reader), reader);
  }
  return finish(text, got, reader);
}
