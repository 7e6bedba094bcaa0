// The .GCC/ of one commit as git holds it: every entry's kind, object and size, and no blob read yet. Its trees are
// read through the repository's one cat-file process (no spawn per commit: a fleet of 1,000 refs lists in one pipe),
// and only .GCC/'s trees are ever asked for: never a checkout, never the project's other files.
import { parseTreeObject, treePathProblem, type TreeEntry, type TreeObjectEntry } from '../../shared/git/tree-listing.ts';
import { GitError } from './git-command.ts';
import type { ObjectReader } from './object-reader.ts';

export const GCC_PATH = '.GCC';

export interface GccTree {
  commit: string;
  /** The .GCC tree's own id (two commits with the same one hold the same memory), or null. */
  treeId: string | null;
  /** What the commit holds at .GCC: a folder, or why not (absent, a link, a file…). */
  root: 'folder' | 'missing' | TreeEntry['kind'];
  /** Entries below .GCC/, by their path relative to it (bytes decoded as UTF-8). */
  entries: Map<string, TreeEntry>;
  /** Paths git holds that no folder on disk could (`..`, an empty part…), with why: never read, reported. */
  refused: { path: string; problem: string }[];
}

export const isObjectId = (s: string) => /^[0-9a-f]{40}$|^[0-9a-f]{64}$/.test(s);

/** Folders below .GCC/ read at most this deep (branches/<name>/ is 2): a deeper tree is no part of a workspace. */
const MAX_DEPTH = 4;
/** Entries listed at most: a tree of millions is reported, not walked. */
export const MAX_TREE_ENTRIES = 100_000;

const UTF8 = new TextDecoder();
const SLASH = new Uint8Array([0x2f]);

function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + 1 + b.length);
  out.set(a);
  out.set(SLASH, a.length);
  out.set(b, a.length + 1);
  return out;
}

async function treeEntries(objects: ObjectReader, oid: string, idBytes: number): Promise<TreeObjectEntry[]> {
  const got = await objects.contents(oid);
  if (!got || got.info.type !== 'tree') throw new GitError(`tree ${oid} is not in the repository`);
  return parseTreeObject(got.bytes, idBytes);
}

/** Lists .GCC/ (at `prefix` below the repository's top, `/`-separated) in `commit`. */
export async function listGccTree(objects: ObjectReader, commit: string, prefix = GCC_PATH): Promise<GccTree> {
  if (!isObjectId(commit)) throw new GitError(`not a commit id: ${commit}`);
  const idBytes = commit.length / 2;
  const tree: GccTree = { commit, treeId: null, root: 'missing', entries: new Map(), refused: [] };
  // The entry itself (its mode tells a link from a folder), from the tree that holds it.
  const parts = prefix.split('/');
  let holder = `${commit}^{tree}`;
  let self: TreeObjectEntry | undefined;
  for (const [i, part] of parts.entries()) {
    const got = await objects.contents(holder);
    if (!got) throw new GitError(`commit ${commit} is not in the repository`);
    self = parseTreeObject(got.bytes, idBytes).find((e) => UTF8.decode(e.name) === part);
    if (!self) return tree;
    if (i < parts.length - 1) {
      if (self.kind !== 'folder') return tree;
      holder = self.oid;
    }
  }
  tree.root = self!.kind;
  if (self!.kind !== 'folder') return tree;
  tree.treeId = self!.oid;
  await walk(objects, tree, self!.oid, new Uint8Array(0), 0, idBytes);
  return tree;
}

// One piece: a folder's entries, each kept, refused or walked into, share the tree being filled.
async function walk(objects: ObjectReader, tree: GccTree, oid: string, at: Uint8Array, depth: number, idBytes: number): Promise<void> {
  const entries = await treeEntries(objects, oid, idBytes);
  const sizes: Promise<unknown>[] = [];
  const folders: Promise<void>[] = [];
  for (const e of entries) {
    if (tree.entries.size >= MAX_TREE_ENTRIES) break;
    const path = joinBytes(at, e.name);
    const text = UTF8.decode(path);
    const problem = treePathProblem(path);
    // A control character in a branch name is the disk's case too (the branch listing says so); `..` and its kin are not.
    if (problem && problem !== 'contains a control character') {
      tree.refused.push({ path: text, problem });
      continue;
    }
    const entry: TreeEntry = { mode: e.mode, kind: e.kind, oid: e.oid, size: null, path };
    tree.entries.set(text, entry);
    // Sizes are asked for all at once (pipelined): a blob's size is known before any of it is read.
    if (e.kind === 'file' || e.kind === 'link') sizes.push(objects.info(e.oid).then((i) => (entry.size = i?.size ?? null)));
    else if (e.kind === 'folder' && depth + 1 < MAX_DEPTH) folders.push(walk(objects, tree, e.oid, path, depth + 1, idBytes));
  }
  await Promise.all([...sizes, ...folders]);
}
