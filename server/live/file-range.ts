// The bytes a tracked file's records were read from, given back when a record kept as an index (a log's steps) is
// decoded: a page of steps, the recent steps CONTEXT shows, a search hit. A file up to HELD_LIMIT is held in memory
// as it is read (decoding costs no system call, and a rewrite does not take the old records' bytes away: the change
// record compares them with the new ones); a bigger one is read back from the disk, synchronously, and must still be
// the file the records came from: the same inode, at least as long (an append-only file only grows). When it is not,
// the file was replaced or cut and the watcher will read it again: the caller is told so (StaleStepsError), never
// given other bytes.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { StaleStepsError, type ByteReader } from '../../shared/gcc/read/step-index.ts';
import type { FileStamp } from './tail-reader.ts';

/** Files up to this size are held in memory while tracked. */
export const HELD_LIMIT = 4 * 2 ** 20;

/** One reading's bytes (a reload starts another, so the old records keep theirs). */
export class FileBytes {
  private held: Uint8Array | null = new Uint8Array(0);
  private heldLength = 0;
  private stamp: FileStamp | null = null;
  readonly read: ByteReader;

  constructor(
    private readonly path: string,
    private readonly relPath: string,
    private readonly limit = HELD_LIMIT,
  ) {
    this.read = (start, end) => (this.held && end <= this.heldLength ? this.held.subarray(start, end) : this.fromDisk(start, end));
  }

  /** Pieces read and consumed since the last commit, copied (the piece buffers are reused), in file order. */
  commit(pieces: readonly Uint8Array[], stamp: FileStamp): void {
    this.stamp = stamp;
    if (!this.held) return;
    const added = pieces.reduce((n, p) => n + p.length, 0);
    if (this.heldLength + added > this.limit) {
      this.held = null;
      return;
    }
    if (this.heldLength + added > this.held.length) {
      const next = new Uint8Array(Math.min(this.limit, Math.max(this.held.length * 2, this.heldLength + added, 4096)));
      next.set(this.held.subarray(0, this.heldLength));
      this.held = next;
    }
    for (const p of pieces) {
      this.held.set(p, this.heldLength);
      this.heldLength += p.length;
    }
  }

  /** Whether pieces of `bytes` more would still be held (else the caller need not copy them). */
  holds(bytes: number): boolean {
    return this.held !== null && this.heldLength + bytes <= this.limit;
  }

  private fromDisk(start: number, end: number): Uint8Array {
    const expected = this.stamp;
    let fd: number;
    try {
      fd = openSync(this.path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      throw new StaleStepsError(this.relPath, start);
    }
    try {
      const info = fstatSync(fd);
      if (!expected || info.ino !== expected.ino || info.size < end) throw new StaleStepsError(this.relPath, start);
      const bytes = new Uint8Array(end - start);
      let got = 0;
      while (got < bytes.length) {
        const n = readSync(fd, bytes, got, bytes.length - got, start + got);
        if (n === 0) throw new StaleStepsError(this.relPath, start + got);
        got += n;
      }
      return bytes;
    } finally {
      closeSync(fd);
    }
  }
}
