// `git ls-tree -r -t -l -z` output read into entries: what a tree holds, each entry's kind and size, known before any
// blob is read (so a huge blob is refused from its size alone).

export type TreeEntryKind = 'file' | 'folder' | 'link' | 'gitlink' | 'other';

export interface TreeEntry {
  /** Octal mode as git writes it: 100644, 100755, 120000 (a link), 040000 (a tree), 160000 (a gitlink). */
  mode: string;
  kind: TreeEntryKind;
  oid: string;
  /** Bytes of a blob; null for a tree or a gitlink. */
  size: number | null;
  /** The path below the listed tree, `/`-separated, as bytes (a name need not be UTF-8). */
  path: Uint8Array;
}

const ASCII = new TextDecoder('latin1');

export function kindOfMode(mode: string, type: string): TreeEntryKind {
  if (type === 'tree') return 'folder';
  if (type === 'commit' || mode === '160000') return 'gitlink';
  if (mode === '120000') return 'link';
  if (type === 'blob' && (mode === '100644' || mode === '100755' || mode === '100664')) return 'file';
  return 'other';
}

/** Parses NUL-terminated `<mode> <type> <oid> <size>\t<path>` records; a malformed one is skipped. */
export function parseTreeListing(bytes: Uint8Array): TreeEntry[] {
  const out: TreeEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    let end = bytes.indexOf(0, at);
    if (end < 0) end = bytes.length;
    const tab = bytes.indexOf(9, at);
    if (tab > at && tab < end) {
      const [mode = '', type = '', oid = '', size = '-'] = ASCII.decode(bytes.subarray(at, tab)).split(/ +/);
      const n = size === '-' ? null : Number(size);
      if (/^[0-9a-f]{40,64}$/.test(oid)) out.push({ mode, kind: kindOfMode(mode, type), oid, size: n !== null && Number.isFinite(n) ? n : null, path: bytes.slice(tab + 1, end) });
    }
    at = end + 1;
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
