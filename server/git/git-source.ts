// A commit's .GCC/ as a GccSource (server/fs/gcc-source.ts): the same readers read it as they read a folder. Its
// listing comes first (gcc-tree.ts: sizes known, so a huge blob is refused unread); the blobs it will serve are read at `show`
// through the repository's one cat-file process, and served synchronously from then on, as the seam asks.
import { posix } from 'node:path';
import { LINK, NOT_A_FILE, tooLarge, MAX_TRACKED_FILE_BYTES, type FileStamp, type FolderEntry, type GccSource, type Listing, type Opened, type PathStat, type ReadResult } from '../fs/index.ts';
import type { ObjectReader } from './object-reader.ts';
import { listGccTree, type GccTree } from './gcc-tree.ts';

/** Blobs held for one tree at most, in all: past it the rest are reported unreadable, not read. */
export const MAX_TREE_BYTES = 1024 * 2 ** 20;
const GITLINK = 'is a submodule entry (a gitlink); not read';
const NOT_HELD = 'was not read: the tree holds more than gcc-studio keeps of one commit';

export interface GitSourceOptions {
  /** Blobs larger than this are never read (default: the largest tracked file). */
  blobLimit?: number;
  treeLimit?: number;
}

/**
 * `root` is the name paths are joined onto (`git:<label>/.GCC`); `show(tree)` moves the source to another commit, and
 * the store then re-reads what changed. A file's stamp keeps its path's number as `ino` (an append is an append, as on
 * disk) and names its blob by a serial in `mtimeMs`/`ctimeMs`, so a range of a version read earlier comes from that
 * very blob while it is held (this tree's and the one before).
 */
export class GitTreeSource implements GccSource {
  private tree: GccTree | null = null;
  private blobs = new Map<string, Uint8Array>();
  private readonly serials = new Map<string, number>();
  private readonly bySerial = new Map<number, string>();
  private readonly pathIds = new Map<string, number>();
  private readonly blobLimit: number;
  private readonly treeLimit: number;

  readonly root: string;

  /** `root` is normalised as path.join would (the readers join paths onto it). */
  constructor(
    root: string,
    private readonly reader: ObjectReader,
    options: GitSourceOptions = {},
  ) {
    this.root = posix.normalize(root);
    this.blobLimit = options.blobLimit ?? MAX_TRACKED_FILE_BYTES;
    this.treeLimit = options.treeLimit ?? MAX_TREE_BYTES;
  }

  get commit(): string | null {
    return this.tree?.commit ?? null;
  }

  get current(): GccTree | null {
    return this.tree;
  }

  /** Reads the blobs of `tree` not held yet (each at most once), then serves it; the blobs of the tree before stay. */
  async show(tree: GccTree): Promise<void> {
    const previous = this.tree;
    const keep = new Map<string, Uint8Array>();
    let total = 0;
    for (const entry of tree.entries.values()) {
      if (entry.kind !== 'file' || entry.size === null || entry.size > this.blobLimit || keep.has(entry.oid)) continue;
      if (total + entry.size > this.treeLimit) continue;
      total += entry.size;
      const held = this.blobs.get(entry.oid) ?? (await this.reader.contents(entry.oid))?.bytes;
      if (held) keep.set(entry.oid, held);
    }
    if (previous) for (const e of previous.entries.values()) if (!keep.has(e.oid) && this.blobs.has(e.oid)) keep.set(e.oid, this.blobs.get(e.oid)!);
    this.blobs = keep;
    this.tree = tree;
  }

  present(): Promise<boolean> {
    return Promise.resolve(this.tree?.root === 'folder');
  }

  list(path: string): Promise<Listing> {
    const rel = this.relative(path);
    const tree = this.tree;
    if (rel === null || !tree || tree.root !== 'folder') return Promise.resolve({ ok: false, missing: true, link: false, message: 'no such folder' });
    const self = rel === '' ? null : tree.entries.get(rel);
    if (self?.kind === 'link') return Promise.resolve({ ok: false, missing: false, link: true, message: LINK });
    if (rel !== '' && self?.kind !== 'folder') return Promise.resolve({ ok: false, missing: !self, link: false, message: self ? 'is not a folder' : 'no such folder' });
    const prefix = rel === '' ? '' : `${rel}/`;
    const entries: FolderEntry[] = [];
    for (const [p, e] of tree.entries) {
      if (!p.startsWith(prefix) || p.slice(prefix.length).includes('/')) continue;
      entries.push({ name: e.path.subarray(e.path.lastIndexOf(0x2f) + 1), kind: e.kind === 'gitlink' ? 'other' : e.kind });
    }
    // A name git holds that no folder could (`..`, `.`): listed as a folder, so the branch listing names it and skips it.
    for (const r of tree.refused) if (r.path.startsWith(prefix) && !r.path.slice(prefix.length).includes('/')) entries.push({ name: new TextEncoder().encode(r.path.slice(prefix.length)), kind: 'folder' });
    return Promise.resolve({ ok: true, entries });
  }

  stat(path: string): PathStat {
    const rel = this.relative(path);
    const tree = this.tree;
    if (rel === null || rel === '' || !tree || tree.root !== 'folder') return { kind: 'missing' };
    const entry = tree.entries.get(rel);
    if (!entry) {
      const linked = this.linkOnTheWay(rel);
      return linked ? { kind: 'unusable', message: `lies under ${linked}/, which is a symbolic link; not followed` } : { kind: 'missing' };
    }
    if (entry.kind === 'link') return { kind: 'unusable', message: LINK };
    if (entry.kind === 'gitlink') return { kind: 'unusable', message: GITLINK };
    if (entry.kind !== 'file' || entry.size === null) return { kind: 'unusable', message: NOT_A_FILE };
    return { kind: 'file', stamp: this.stampOf(rel, entry.oid, entry.size) };
  }

  read(path: string, limit: number): Promise<ReadResult> {
    return Promise.resolve(this.readSync(path, limit));
  }

  readSync(path: string, limit: number): ReadResult {
    const at = this.stat(path);
    if (at.kind === 'missing') return { ok: false, missing: true, message: 'no such file' };
    if (at.kind === 'unusable') return { ok: false, missing: false, message: at.message };
    if (at.stamp.size > Math.min(limit, this.blobLimit)) return { ok: false, missing: false, message: tooLarge(at.stamp.size, Math.min(limit, this.blobLimit)), tooLarge: true };
    const bytes = this.blobs.get(this.bySerial.get(at.stamp.ctimeMs) ?? '');
    return bytes ? { ok: true, bytes } : { ok: false, missing: false, message: NOT_HELD };
  }

  open(path: string, limit: number): Opened {
    const at = this.stat(path);
    if (at.kind === 'missing') return { ok: false, missing: true, message: 'no such file' };
    if (at.kind === 'unusable') return { ok: false, missing: false, message: at.message };
    const { stamp } = at;
    if (stamp.size > Math.min(limit, this.blobLimit)) return { ok: false, missing: false, message: tooLarge(stamp.size, limit), stamp, tooLarge: true };
    const bytes = this.blobs.get(this.bySerial.get(stamp.ctimeMs) ?? '');
    if (!bytes) return { ok: false, missing: false, message: NOT_HELD, stamp };
    const readSync = (start: number, length: number) => bytes.subarray(start, Math.max(start, Math.min(start + length, bytes.length)));
    return { ok: true, stamp, source: { size: bytes.length, read: (start, length) => Promise.resolve(readSync(start, length)), readSync }, close: () => {} };
  }

  readRange(_path: string, start: number, end: number, stamp: FileStamp): Uint8Array | null {
    const bytes = this.blobs.get(this.bySerial.get(stamp.ctimeMs) ?? '');
    return bytes && bytes.length >= end ? bytes.subarray(start, end) : null;
  }

  /** The path below .GCC/, '' for .GCC/ itself; null for a path outside it. */
  private relative(path: string): string | null {
    if (path === this.root) return '';
    return path.startsWith(`${this.root}/`) ? path.slice(this.root.length + 1) : null;
  }

  private linkOnTheWay(rel: string): string | null {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) {
      const up = parts.slice(0, i).join('/');
      if (this.tree?.entries.get(up)?.kind === 'link') return up;
    }
    return null;
  }

  private stampOf(rel: string, oid: string, size: number): FileStamp {
    let ino = this.pathIds.get(rel);
    if (ino === undefined) this.pathIds.set(rel, (ino = this.pathIds.size + 1));
    let serial = this.serials.get(oid);
    if (serial === undefined) {
      this.serials.set(oid, (serial = this.serials.size + 1));
      this.bySerial.set(serial, oid);
    }
    return { ino, size, mtimeMs: serial, ctimeMs: serial };
  }
}

/** A source showing .GCC/ of `commit`, read through the repository's `reader`. */
export async function sourceAtCommit(reader: ObjectReader, commit: string, root: string, options: GitSourceOptions & { prefix?: string } = {}): Promise<GitTreeSource> {
  const source = new GitTreeSource(root, reader, options);
  await source.show(await listGccTree(reader, commit, options.prefix));
  return source;
}
