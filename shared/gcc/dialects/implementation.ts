// What one Contexa implementation's context(branch, k).summary() returns for a branch's files, byte for byte, or the
// error it raises instead, each implementation followed from the bytes on.
import { parseMetadata } from '../read/metadata.ts';
import { contextRefusal, renderContext, universalNewlines, type ContextInput, type RenderDialect } from '../context/render.ts';
import { decodeEscaped, encodeEscaped, firstInvalidByte } from './escaped-text.ts';
import { readWholeFiles } from './whole-file.ts';

/** A branch's files as bytes; null when the file does not exist. */
export interface BranchBytes {
  roadmap: Uint8Array | null;
  log: Uint8Array | null;
  commit: Uint8Array | null;
  metadata: Uint8Array | null;
}

export type ImplementationRead =
  | { ok: true; input: Omit<ContextInput, 'k'>; notes: string[]; metadataRead: boolean }
  | { ok: false; error: string; notes: string[] };

export type ImplementationSummary =
  | { ok: true; text: string; bytes: Uint8Array; input: Omit<ContextInput, 'k'>; notes: string[] }
  | { ok: false; error: string; notes: string[] };

/** Zig's readFile gives up above this (readToEndAlloc with a 10 MiB limit). */
const ZIG_READ_LIMIT = 10 * 1024 * 1024;

type FileName = 'main.md' | 'log.md' | 'commit.md' | 'metadata.yaml';
class Raised extends Error {}

/** Decodes one file as the implementation does; throws Raised with the implementation's own error when it would. */
function decodeFile(dialect: RenderDialect, name: FileName, bytes: Uint8Array | null, notes: string[]): string {
  if (bytes === null) return '';
  if (dialect === 'zig' && bytes.length > ZIG_READ_LIMIT) {
    throw new Raised(`error.StreamTooLong: ${name} is over Zig's 10 MiB read limit (${bytes.length} bytes)`);
  }
  const bad = firstInvalidByte(bytes);
  if (bad < 0) return dialect === 'python' ? universalNewlines(decodeEscaped(bytes)) : decodeEscaped(bytes);
  const where = `byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at offset ${bad}`;
  switch (dialect) {
    case 'python':
      throw new Raised(`UnicodeDecodeError: 'utf-8' codec can't decode ${where.replace(' at offset ', ' in position ')}: ${pythonReason(bytes, bad)} (${name})`);
    case 'rust':
      notes.push(`${name} is not valid UTF-8 (${where}): Rust's read_to_string fails and the file is read as empty, with no error.`);
      return '';
    case 'typescript':
      notes.push(`${name} is not valid UTF-8 (${where}): TypeScript's readFileSync(…, "utf8") reads each bad sequence as U+FFFD.`);
      return new TextDecoder().decode(bytes);
    default:
      notes.push(`${name} is not valid UTF-8 (${where}): ${label(dialect)} reads and returns the bytes as they are (the page shows them as U+FFFD).`);
      return decodeEscaped(bytes);
  }
}

/** The reason Python's UTF-8 codec gives for the bad byte at `at`. */
function pythonReason(bytes: Uint8Array, at: number): string {
  const b = bytes[at]!;
  const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
  if (need === 0) return 'invalid start byte';
  for (let k = 1; k <= need; k++) {
    const c = bytes[at + k];
    if (c === undefined) return 'unexpected end of data';
    if (c < 0x80 || c > 0xbf) return 'invalid continuation byte';
  }
  return 'invalid continuation byte';
}

/** What Python's context() raises while loading metadata.yaml (yaml.safe_load, then BranchMetadata.from_yaml). */
function pythonMetadataError(bytes: Uint8Array, text: string): string | null {
  if (text === '') return null; // `if meta_text`: an empty file gives no metadata
  const parsed = parseMetadata(bytes, 'metadata.yaml');
  const codes = new Set(parsed.diagnostics.map((d) => d.code));
  if (codes.has('invalid-yaml')) return 'yaml.YAMLError: metadata.yaml is not valid YAML, and yaml.safe_load raises';
  if (codes.has('empty-metadata')) return "TypeError: 'NoneType' object is not subscriptable (metadata.yaml holds no document)";
  if (codes.has('metadata-not-a-mapping')) return 'TypeError: metadata.yaml is not a mapping, and from_yaml indexes it by key';
  for (const d of parsed.diagnostics) {
    const key = d.code === 'missing-key' ? /`(name|purpose|created_from|created_at)`/.exec(d.message) : null;
    if (key) return `KeyError: '${key[1]}' (metadata.yaml has no ${key[1]})`;
  }
  return null;
}

/**
 * Whether the implementation's context() returns metadata (Python's errors were raised before). The YAML readers
 * (TypeScript, Go, Rust) swallow a YAML error or an alias bomb and return none; Lua, Elixir and Zig read lines.
 */
function readsMetadata(dialect: RenderDialect, bytes: Uint8Array | null, notes: string[]): boolean {
  if (bytes === null) {
    notes.push(`The branch has no metadata.yaml: ${label(dialect)} returns no metadata.`);
    return false;
  }
  if (bytes.length === 0) return false;
  if (dialect !== 'typescript' && dialect !== 'go' && dialect !== 'rust') return true;
  const codes = new Set(parseMetadata(bytes, 'metadata.yaml').diagnostics.map((d) => d.code));
  const why = codes.has('invalid-yaml') ? 'is not valid YAML' : codes.has('yaml-alias-bomb') ? 'is a YAML alias bomb' : codes.has('metadata-not-a-mapping') || codes.has('empty-metadata') ? 'holds no mapping' : null;
  if (why === null) return true;
  notes.push(`metadata.yaml ${why}: ${label(dialect)}'s YAML reader fails and returns no metadata, with no error${dialect === 'typescript' && codes.has('yaml-alias-bomb') ? ' (after 15-30 s of CPU expanding the aliases)' : ''}.`);
  return false;
}

export const label = (d: RenderDialect): string => ({ python: 'Python', typescript: 'TypeScript', rust: 'Rust', go: 'Go', lua: 'Lua', elixir: 'Elixir', zig: 'Zig' })[d];

// How each decodes a file (Python strictly, raising UnicodeDecodeError; TypeScript with U+FFFD; Rust's read_to_string
// failing into an empty text; Go, Lua, Elixir and Zig keeping the bytes), how its parser reads the whole text
// (reader-view.ts readWholeFiles), what of metadata.yaml makes it raise (Python's yaml.safe_load and from_yaml), then
// its own layout (../context/render.ts). What it did beside the text is said in `notes`, as the page shows them.
/** The records and texts the implementation's context() gathers for the branch, or the error it raises. */
export function readAsImplementation(dialect: RenderDialect, branch: string, files: BranchBytes): ImplementationRead {
  const notes: string[] = [];
  try {
    // In context()'s own order: commits, steps, the roadmap, then the metadata.
    const commit = decodeFile(dialect, 'commit.md', files.commit, notes);
    const log = decodeFile(dialect, 'log.md', files.log, notes);
    const roadmap = decodeFile(dialect, 'main.md', files.roadmap, notes);
    if (dialect === 'python' && files.metadata) {
      const error = pythonMetadataError(files.metadata, decodeFile(dialect, 'metadata.yaml', files.metadata, notes));
      if (error) throw new Raised(error);
    }
    const metadataRead = readsMetadata(dialect, files.metadata, notes);
    if (dialect === 'zig') return { ok: true, input: { branch, roadmap, commits: [], steps: [], raw: { commit, log } }, notes, metadataRead };
    const records = readWholeFiles(dialect, { log, commit }, branch);
    if (records.steps.length === 0 && files.log && decodeEscaped(files.log).includes('### Step')) notes.push(`${label(dialect)}'s parser reads no step from log.md.`);
    return { ok: true, input: { branch, roadmap, ...records }, notes, metadataRead };
  } catch (error) {
    if (error instanceof Raised) return { ok: false, error: error.message, notes };
    throw error;
  }
}

/** context(branch, k).summary() of the implementation, as text (escaped bytes, escaped-text.ts) and as its bytes. */
export function implementationSummary(dialect: RenderDialect, branch: string, k: number, files: BranchBytes): ImplementationSummary {
  const refusal = contextRefusal(dialect, k);
  if (refusal !== null) return { ok: false, error: `ValueError: ${refusal}`, notes: [] };
  const read = readAsImplementation(dialect, branch, files);
  if (!read.ok) return read;
  const text = renderContext({ ...read.input, k }, dialect);
  return { ok: true, text, bytes: encodeEscaped(text), input: read.input, notes: read.notes };
}
