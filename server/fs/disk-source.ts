// A workspace's bytes read from a folder on disk, and openFile: the one way our readers open a file under .GCC/.
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, readSync, realpathSync, type Stats } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { describeFsError } from './fs-errors.ts';
import type { ByteSource, FileStamp, FolderEntry, GccSource, Listing, Opened, PathStat, ReadingAhead, ReadResult } from './gcc-source.ts';
import { READ_AHEAD_MIN_BRANCHES, ReadAhead, type TakenFile } from './read-ahead.ts';

/** metadata.yaml and main.md are a few kB; one far past this is not read whole (it could be a 1 GB sparse file). */
export const MAX_SMALL_FILE_BYTES = 16 * 2 ** 20;

/** Why a file was not opened, in a word each caller puts into its own sentence (a diagnostic, a refused edit). */
export type OpenProblem = 'missing' | 'link' | 'folder' | 'other' | 'error';

export type OpenedFile = { ok: true; fd: number; stamp: FileStamp } | { ok: false; problem: OpenProblem; message: string };

/** Words that follow a file's name in a diagnostic. */
export const LINK = 'is a symbolic link; not followed';
export const NOT_A_FILE = 'is not a regular file';

/** O_NOFOLLOW: a link as the last part is refused by the kernel; O_NONBLOCK: a FIFO is never waited on. */
const NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

export const stampOf = (info: Stats): FileStamp => ({ ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs });

function failed(err: unknown): OpenedFile & { ok: false } {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return { ok: false, problem: 'link', message: LINK };
  // A socket cannot be opened at all.
  if (code === 'ENXIO') return { ok: false, problem: 'other', message: NOT_A_FILE };
  return { ok: false, problem: code === 'ENOENT' ? 'missing' : 'error', message: describeFsError(err) };
}

/**
 * Opens `path` as the link rule asks (gcc-source.ts): never a link as its last part, only a regular file, judged by
 * the descriptor's own stat. Given the root, a folder on the way must not be a link either: the descriptor's path
 * (/proc on Linux) is compared with the path meant, and only a mismatch pays for a walk of the parts.
 */
export function openFile(path: string, root: string | null = null): OpenedFile {
  let fd: number;
  try {
    fd = openSync(path, NO_FOLLOW);
  } catch (err) {
    return failed(err);
  }
  try {
    const info = fstatSync(fd);
    const kind = info.isFile() ? null : info.isDirectory() ? 'folder' : 'other';
    const linked = kind === null && root !== null ? linkOnTheWay(fd, root, path) : null;
    if (kind === null && linked === null) return { ok: true, fd, stamp: stampOf(info) };
    closeSync(fd);
    return kind ? { ok: false, problem: kind, message: NOT_A_FILE } : { ok: false, problem: 'link', message: `lies under ${linked}/, which is a symbolic link; not followed` };
  } catch (err) {
    closeSync(fd);
    return failed(err);
  }
}

const realRoots = new Map<string, string>();

/**
 * `path` below `root` ('' when it is not below it, or not as `join` spells it): our readers join the paths they open,
 * and `relative` resolved both paths on every open (~25 MB of strings at the start of 5,000 branches).
 */
function below(root: string, path: string): string {
  if (path.length > root.length + 1 && path[root.length] === sep && path.startsWith(root)) {
    const rel = path.slice(root.length + 1);
    if (!NOT_AS_JOINED.test(rel)) return rel;
  }
  const rel = relative(root, path);
  return rel.startsWith('..') ? '' : rel;
}

/** A part `.` or `..`, an empty part, or a trailing separator: `join` would have spelled the path otherwise. */
const NOT_AS_JOINED = sep === '/' ? /(^|\/)\.{0,2}(\/|$)/ : /(^|[\\/])\.{0,2}([\\/]|$)/;

/** Whether `path` is `join(folder, rel)`, without making that string. */
const isJoined = (path: string, folder: string, rel: string): boolean =>
  path.length === folder.length + 1 + rel.length && path[folder.length] === sep && path.startsWith(folder) && path.endsWith(rel);

/** The folder below `root` on the way to `path` that is a link, or null. */
function linkOnTheWay(fd: number, root: string, path: string): string | null {
  const rel = below(root, path);
  if (!rel.includes(sep)) return null;
  let opened: string;
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    opened = '';
  }
  let real = realRoots.get(root);
  if (real !== undefined && isJoined(opened, real, rel)) return null;
  // A first open under this root, no /proc, or a file renamed or replaced meanwhile: the parts themselves say.
  try {
    realRoots.set(root, (real = realpathSync.native(root)));
  } catch {
    // The root went away: the walk below finds nothing to refuse.
  }
  if (real !== undefined && isJoined(opened, real, rel)) return null;
  const parts = rel.split(sep);
  for (let i = 1; i < parts.length; i++) {
    const shown = parts.slice(0, i).join('/');
    try {
      if (lstatSync(join(root, shown)).isSymbolicLink()) return shown;
    } catch {
      return null;
    }
  }
  return null;
}

/** Reads [start, start + length) of an open file into `into` when it is long enough, else into new bytes. */
export function readFd(fd: number, start: number, length: number, into?: Uint8Array): Uint8Array {
  const bytes = into && into.length >= length ? into.subarray(0, length) : new Uint8Array(length);
  let got = 0;
  while (got < bytes.length) {
    const n = readSync(fd, bytes, got, bytes.length - got, start + got);
    if (n === 0) break;
    got += n;
  }
  return got === bytes.length ? bytes : bytes.subarray(0, got);
}

export function tooLarge(size: number, limit: number): string {
  return `is ${(size / 2 ** 20).toFixed(0)} MB (${size} bytes), over the ${limit / 2 ** 20} MB gcc-studio reads of this file: not read`;
}

function readWhole(path: string, root: string | null, limit: number): ReadResult {
  const opened = openFile(path, root);
  if (!opened.ok) return { ok: false, missing: opened.problem === 'missing', message: opened.message };
  try {
    if (opened.stamp.size > limit) return { ok: false, missing: false, message: tooLarge(opened.stamp.size, limit), tooLarge: true };
    // As readFile: the size fstat gave, or less when the file ends sooner.
    return { ok: true, bytes: readFd(opened.fd, 0, opened.stamp.size), stamp: opened.stamp };
  } catch (err) {
    return { ok: false, missing: false, message: describeFsError(err) };
  } finally {
    closeSync(opened.fd);
  }
}

function byteSourceOf(fd: number, size: number): ByteSource {
  const readSync = (start: number, length: number, into?: Uint8Array) => readFd(fd, start, Math.max(0, Math.min(length, size - start)), into);
  return { size, read: async (start, length, into) => readSync(start, length, into), readSync };
}

/**
 * A file the read-ahead thread read, opened: a read is a view of the slab it was read into (held there as it is, as
 * held-slabs.ts would have copied it into one), or a copy into `into` when given.
 */
function takenOpened({ stamp, bytes }: TakenFile, limit: number): Opened {
  if (stamp.size > limit) return { ok: false, missing: false, message: tooLarge(stamp.size, limit), stamp, tooLarge: true };
  const readSync = (start: number, length: number) => bytes.subarray(Math.min(start, bytes.length), Math.min(start + length, bytes.length));
  const read = async (start: number, length: number, into?: Uint8Array) => {
    const view = readSync(start, length);
    if (!into || into.length < view.length) return view;
    into.set(view);
    return into.subarray(0, view.length);
  };
  return { ok: true, stamp, source: { size: stamp.size, read, readSync }, close: () => {} };
}

/** A whole file the read-ahead thread read: a copy of its own (metadata.yaml is kept by no slab). */
function takenRead({ stamp, bytes }: TakenFile, limit: number): ReadResult {
  if (stamp.size > limit) return { ok: false, missing: false, message: tooLarge(stamp.size, limit), tooLarge: true };
  return { ok: true, bytes: bytes.slice(), stamp };
}

function kindOf(entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): FolderEntry['kind'] {
  return entry.isSymbolicLink() ? 'link' : entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'other';
}

/** A source's read-ahead (read-ahead.ts): none for a few branches, and one at a time in the process (a fleet). */
function readAheadOf(root: string | null) {
  let ahead: ReadAhead | null = null;
  return {
    take: (path: string): TakenFile | null => (ahead ? ahead.take(path) : null),
    start(branchesDir: string, names: string[]): ReadingAhead {
      const started = root === null || names.length < READ_AHEAD_MIN_BRANCHES ? null : ReadAhead.start(root, branchesDir, names);
      if (!started) return { begin: () => {}, end: () => {} };
      ahead = started;
      return {
        begin: (count) => started.begin(count),
        end: () => {
          started.close();
          ahead = null;
        },
      };
    },
  };
}

/**
 * The source of .GCC/ at `gccDir`; `null`: paths are taken as given, with no root to check the folders on the way.
 * Its system calls are synchronous: a branch's file costs a few calls of tens of microseconds, while each call through
 * the thread pool costs a round trip (1,000 small files at start took ~400 ms that way, most of it waiting).
 */
export function diskSource(gccDir: string | null): GccSource {
  const root = gccDir === null ? null : resolve(gccDir);
  const ahead = readAheadOf(root);
  const taken = ahead.take;
  return {
    root: root ?? '',
    present: async () => (root === null ? false : stat(root).then((s) => s.isDirectory(), () => false)),
    async list(path): Promise<Listing> {
      try {
        // Never list through a link: the folder itself could point anywhere.
        if ((await lstat(path)).isSymbolicLink()) return { ok: false, missing: false, link: true, message: LINK };
        // Names as bytes: a name that is not UTF-8 would otherwise come back with U+FFFD in it, naming no folder.
        const entries = await readdir(path, { withFileTypes: true, encoding: 'buffer' });
        return { ok: true, entries: entries.map((e) => ({ name: e.name, kind: kindOf(e) })) };
      } catch (err) {
        return { ok: false, missing: (err as NodeJS.ErrnoException).code === 'ENOENT', link: false, message: describeFsError(err) };
      }
    },
    stat(path): PathStat {
      try {
        const info = lstatSync(path);
        if (info.isSymbolicLink()) return { kind: 'unusable', message: LINK };
        return info.isFile() ? { kind: 'file', stamp: stampOf(info) } : { kind: 'unusable', message: NOT_A_FILE };
      } catch (err) {
        return (err as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unusable', message: describeFsError(err) };
      }
    },
    read(path, limit) {
      const file = taken(path);
      return Promise.resolve(file ? takenRead(file, limit) : readWhole(path, root, limit));
    },
    readSync(path, limit) {
      const file = taken(path);
      return file ? takenRead(file, limit) : readWhole(path, root, limit);
    },
    open(path, limit): Opened {
      const file = taken(path);
      if (file) return takenOpened(file, limit);
      const opened = openFile(path, root);
      if (!opened.ok) return { ok: false, missing: opened.problem === 'missing', message: opened.message };
      const { fd, stamp } = opened;
      if (stamp.size > limit) {
        closeSync(fd);
        return { ok: false, missing: false, message: tooLarge(stamp.size, limit), stamp, tooLarge: true };
      }
      let open = true;
      const close = () => {
        if (open) closeSync(fd);
        open = false;
      };
      return { ok: true, stamp, source: byteSourceOf(fd, stamp.size), close };
    },
    readRange(path, start, end, stamp) {
      let fd: number;
      try {
        fd = openSync(path, NO_FOLLOW);
      } catch {
        return null;
      }
      try {
        // The same inode, at least as long: the version the records were read from (an append-only file only grows).
        const info = fstatSync(fd);
        if (info.ino !== stamp.ino || info.size < end) return null;
        const bytes = readFd(fd, start, end - start, scratchFor(end - start));
        return bytes.length === end - start ? bytes : null;
      } finally {
        closeSync(fd);
      }
    },
    readAhead: (branchesDir, names) => ahead.start(branchesDir, names),
  };
}

/** Paths taken as given (tests, and files outside any workspace): the link rule on each file's last part. */
export const ANY_PATH: GccSource = diskSource(null);

/**
 * Ranges read back land in one reused buffer (fresh pages cost ~3 ms a MB on the bench machine): a range's bytes are
 * used before the next is read (ByteReader). Past 16 MB a read gets its own.
 */
let scratch = new Uint8Array(0);
function scratchFor(n: number): Uint8Array {
  if (n > 16 * 2 ** 20) return new Uint8Array(n);
  if (scratch.length < n) scratch = new Uint8Array(Math.max(n, 256 * 1024, scratch.length * 2));
  return scratch.subarray(0, n);
}
