// A git tree object read into entries (its kind from its mode), and the names git can hold that a folder cannot.

export type TreeEntryKind = 'file' | 'folder' | 'link' | 'gitlink' | 'other';

/** One entry of a tree object. */
export interface TreeObjectEntry {
  /** Octal mode as a tree holds it: 100644, 100755, 120000 (a link), 40000 (a tree), 160000 (a gitlink). */
  mode: string;
  kind: TreeEntryKind;
  /** A name need not be UTF-8: kept as bytes. */
  name: Uint8Array;
  oid: string;
}

/** An entry of a listed tree: its path below the listed tree and, for a blob, its size (known before reading it). */
export interface TreeEntry {
  mode: string;
  kind: TreeEntryKind;
  oid: string;
  /** Bytes of a blob; null for a tree or a gitlink. */
  size: number | null;
  /** The path below the listed tree, `/`-separated, as bytes. */
  path: Uint8Array;
}

const ASCII = new TextDecoder('latin1');

export function kindOfMode(mode: string): TreeEntryKind {
  if (mode === '40000' || mode === '040000') return 'folder';
  if (mode === '160000') return 'gitlink';
  if (mode === '120000') return 'link';
  if (mode === '100644' || mode === '100755' || mode === '100664') return 'file';
  return 'other';
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A tree object's bytes as `cat-file` gives them: `<mode> <name>\0<raw id>` repeated; `idBytes` is 20 (SHA-1) or 32
 * (SHA-256). A record cut short ends the list.
 */
export function parseTreeObject(bytes: Uint8Array, idBytes: number): TreeObjectEntry[] {
  const out: TreeObjectEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const nul = bytes.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > bytes.length) break;
    const mode = ASCII.decode(bytes.subarray(at, space));
    out.push({ mode, kind: kindOfMode(mode), name: bytes.slice(space + 1, nul), oid: hex(bytes.subarray(nul + 1, nul + 1 + idBytes)) });
    at = nul + 1 + idBytes;
  }
  return out;
}

/**
 * Why a path from a tree cannot name a file under .GCC/, or null: git can hold names a folder on disk cannot
 * (`..`, `.`, an empty part, a backslash or a control character, made with `git mktree`), and a reader that joined one
 * onto a folder would step outside it.
 */
export function treePathProblem(path: Uint8Array): string | null {
  let start = 0;
  for (let i = 0; i <= path.length; i++) {
    if (i < path.length && path[i] !== 0x2f) {
      const b = path[i]!;
      if (b < 0x20 || b === 0x7f) return 'contains a control character';
      if (b === 0x5c) return 'contains a backslash';
      continue;
    }
    const part = path.subarray(start, i);
    if (part.length === 0) return 'has an empty part';
    if (part.length <= 2 && part.every((c) => c === 0x2e)) return `has a "${part.length === 1 ? '.' : '..'}" part`;
    start = i + 1;
  }
  return null;
}
