// Where a workspace's bytes come from: every reader of .GCC/ asks a GccSource, so none of them cares whether it is a
// folder on disk (disk-source.ts) or, next, a git tree.

/** A whole file, or why not; `missing` tells an absent file from an unreadable (or too large) one. */
/** `stamp`: the version the bytes are (a folder on disk tells it), so a later look can stop at a stat. */
export type ReadResult = { ok: true; bytes: Uint8Array; stamp?: FileStamp } | { ok: false; missing: boolean; message: string; tooLarge?: true };

/** What identifies a version of a file without reading it (a git source: the blob's, which never changes). */
export interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** One version of a file, open for reading pieces of it. */
export interface ByteSource {
  readonly size: number;
  /** Reads into `into` when it is given and long enough (a reused buffer: fresh pages are dear), else into new bytes. */
  read(start: number, length: number, into?: Uint8Array): Promise<Uint8Array>;
  /** The same bytes as `read`, at once: a source whose bytes are at hand (a file on disk, a blob read already). */
  readSync?(start: number, length: number, into?: Uint8Array): Uint8Array;
}

/** What is at a path, without reading it. */
export type PathStat =
  | { kind: 'file'; stamp: FileStamp }
  | { kind: 'missing' }
  /** A link, a folder, a FIFO…: `message` follows the file's name ("is a symbolic link; not followed"). */
  | { kind: 'unusable'; message: string };

export type Opened =
  | { ok: true; stamp: FileStamp; source: ByteSource; close(): void }
  | { ok: false; missing: boolean; message: string; stamp?: FileStamp; tooLarge?: boolean };

/** A folder's entry; a name is bytes (one that is not UTF-8 must still be reported, by its bytes). */
export interface FolderEntry {
  name: Uint8Array;
  kind: 'file' | 'folder' | 'link' | 'other';
}

export type Listing = { ok: true; entries: FolderEntry[] } | { ok: false; missing: boolean; link: boolean; message: string };

/**
 * The bytes of one workspace. Paths are the source's own: the root joined with a `/`-separated path below it (an
 * absolute path on disk).
 *
 * The link rule, kept by every method: no symbolic link below the root is followed, and only a regular file is read.
 * A link is reported as one (a diagnostic, or a refused edit), never entered: every Contexa reader follows links, so a
 * linked `branches/`, branch folder or file could make us show, and then write, files outside .GCC/. The root (.GCC/)
 * is the folder the user named and is taken as it is. link-rule.test.ts holds every reader to it.
 */
export interface GccSource {
  /** The .GCC/ folder, as this source names it. */
  readonly root: string;
  /** Whether the root is there, as a folder. */
  present(): Promise<boolean>;
  /** The entries of a folder; a link in place of the folder is reported, not listed. */
  list(path: string): Promise<Listing>;
  stat(path: string): PathStat;
  /** A whole file of at most `limit` bytes (main.md, metadata.yaml). */
  read(path: string, limit: number): Promise<ReadResult>;
  /** The same, synchronously: CONTEXT is rendered from the branch's whole files inside a synchronous answer. */
  readSync(path: string, limit: number): ReadResult;
  /** One version of a file, judged by what was opened (a path swapped meanwhile cannot mislead); the caller closes it. */
  open(path: string, limit: number): Opened;
  /** Bytes [start, end) of the version `stamp` names; null when the file is no longer that version (replaced, cut). */
  readRange(path: string, start: number, end: number, stamp: FileStamp): Uint8Array | null;
  /**
   * Start-up about to read these branches (folders of `branchesDir`) in this order: a source may read their files
   * ahead on another thread (disk-source.ts). The caller says how far it got, and ends it once they are read.
   */
  readAhead?(branchesDir: string, names: string[]): ReadingAhead;
}

export interface ReadingAhead {
  /** The first `count` branches are being read: what lies there is not read ahead. */
  begin(count: number): void;
  end(): void;
}
