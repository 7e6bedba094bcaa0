// The bytes a log's steps are decoded from, long after the log was read: held in memory for a small file (compressed
// while it sleeps), read back from the source for a big one, and never bytes of another version of the file.
import { promisify } from 'node:util';
import { deflateRaw, inflateRawSync, type ZlibOptions } from 'node:zlib';
import { concatBytes } from '../../shared/gcc/read/bytes.ts';
import { StaleStepsError, type ByteReader } from '../../shared/gcc/read/step-bytes-read.ts';
import { ANY_PATH } from './disk-source.ts';
import { giveBackRoom, heldBytes, inSlab, slabRoom } from './held-slabs.ts';
import type { FileStamp, GccSource } from './gcc-source.ts';

/** Files up to this size are held in memory while tracked. */
export const HELD_LIMIT = 4 * 2 ** 20;
/** Of a bigger file, the bytes of its last read up to this size are kept: the steps just appended (the live event, the
 * page following the tail) decode without a disk read. */
export const RECENT_LIMIT = 1 * 2 ** 20;
/** Held bytes shorter than this are not worth compressing. */
const PACK_MIN = 256;
/**
 * A small window and hash: the logs' repeats are a record apart, so 10,000 branch files compress as well (7×) as with
 * zlib's defaults, each stream allocating a quarter of the memory.
 */
const PACKING: ZlibOptions = { windowBits: 13, memLevel: 5, chunkSize: 2048 };
const deflateAsync = promisify(deflateRaw);

/**
 * One reading's bytes (a reload starts another, so the old records keep theirs). Held bytes cost no system call to
 * decode, and a rewrite does not take the old records' bytes away (the change record compares them with the new
 * ones). Read back, they must come from the file the records came from: the same inode, at least as long (an
 * append-only file only grows); otherwise the watcher will read it again, and the caller is told so.
 */
export class FileBytes {
  /** The held bytes [0, heldLength) (null when not held, or while packed). */
  private held: Uint8Array | null = new Uint8Array(0);
  private heldLength = 0;
  /** The held bytes deflated (pack): what a sleeping file keeps instead of `held`. */
  private packed: Uint8Array | null = null;
  /** A big file's last read: bytes [recentStart, recentStart + recent.length). */
  private recent: Uint8Array | null = null;
  private recentStart = 0;
  private stamp: FileStamp | null = null;

  constructor(
    private readonly path: string,
    private readonly relPath: string,
    private readonly limit = HELD_LIMIT,
    private readonly source: GccSource = ANY_PATH,
  ) {}

  /**
   * A reader of the bytes for a list of records, made when asked: a sleeping file holds no list, and a closure kept
   * on each of 10,000 files cost ~1 MB of an idle server.
   */
  get read(): ByteReader {
    return (start, end) => this.readAt(start, end);
  }

  private readAt(start: number, end: number): Uint8Array {
    const held = end <= this.heldLength ? this.plain() : null;
    if (held) return held.subarray(start, end);
    const recent = this.recent;
    if (recent && start >= this.recentStart && end <= this.recentStart + recent.length) return recent.subarray(start - this.recentStart, end - this.recentStart);
    return this.fromDisk(start, end);
  }

  /**
   * What a read consumed, bytes [from, to): its pieces, copied (the piece buffers are reused), in file order; none when
   * holds() said they would not be kept.
   */
  commit(pieces: readonly Uint8Array[], from: number, to: number, stamp: FileStamp): void {
    this.stamp = stamp;
    this.plain();
    const complete = pieces.reduce((n, p) => n + p.length, 0) === to - from;
    if (this.held && complete && from === this.heldLength && to <= this.limit) {
      if (this.heldLength === 0 && pieces.length === 1) {
        // A first read in one piece (most files): the piece is already a copy of its own (a second copy of 1,000 small
        // logs cost 70 ms at start, most of it fresh pages); at start-up copied into a slab, whose pages come back once
        // every file in it slept and compressed its bytes, and the read's own array dies young and serves the next.
        this.held = heldBytes(pieces[0]!);
        this.heldLength = to - from;
        return;
      }
      if (to > this.held.length) {
        const next = new Uint8Array(Math.min(this.limit, Math.max(this.held.length * 2, to, 4096)));
        next.set(this.held.subarray(0, this.heldLength));
        this.held = next;
      }
      for (const p of pieces) {
        this.held.set(p, this.heldLength);
        this.heldLength += p.length;
      }
      return;
    }
    // Not (or no longer) held whole: keep the last read when it is small (an append, not the first read of a big file).
    this.held = null;
    if (to === from) return;
    this.recent = complete && to > from && to - from <= RECENT_LIMIT ? concatBytes(pieces) : null;
    this.recentStart = from;
  }

  /**
   * Where a first read of the whole file (`size` bytes) may go: room in a slab where commit would copy it into one,
   * else undefined. Room the read did not use goes back (giveBack).
   */
  room(size: number): Uint8Array | undefined {
    return this.held !== null && this.heldLength === 0 && this.packed === null && size <= this.limit ? slabRoom(size) : undefined;
  }

  giveBack(room: Uint8Array): void {
    giveBackRoom(room);
  }

  /** The file's first `length` bytes, when they are held. */
  heldPrefix(length: number): Uint8Array | null {
    const held = length <= this.heldLength ? this.plain() : null;
    return held ? held.subarray(0, length) : null;
  }

  /** Whether pieces of `bytes` more would be kept, held or as the last read (else the caller need not copy them). */
  holds(bytes: number): boolean {
    return ((this.held !== null || this.packed !== null) && this.heldLength + bytes <= this.limit) || (this.limit > 0 && bytes <= RECENT_LIMIT);
  }

  get isPacked(): boolean {
    return this.packed !== null;
  }

  /**
   * Compresses the held bytes on zlib's thread pool and keeps only that (any later use inflates them back first).
   * Dropped when the bytes changed meanwhile or `stillWanted` says no (the file woke). How many plain bytes it let go.
   */
  async pack(stillWanted: () => boolean): Promise<number> {
    const held = this.held;
    const length = this.heldLength;
    if (held === null || length < PACK_MIN) return 0;
    const packed = await deflateAsync(held.subarray(0, length), PACKING);
    if (this.held !== held || this.heldLength !== length || !stillWanted()) return 0;
    // A copy of its own: zlib's result is a view of its 16 KB output chunk.
    this.packed = new Uint8Array(packed);
    this.held = null;
    return length;
  }

  /** Its held bytes moved out of a shared slab (a file woken: it may stay awake, and would keep the slab alive). */
  ownBytes(): void {
    if (this.held && inSlab(this.held)) this.held = this.held.slice(0, this.heldLength);
  }

  /** The held bytes, inflated first when packed (one small file: synchronously); null when not held. */
  private plain(): Uint8Array | null {
    if (this.packed) {
      this.held = inflateRawSync(this.packed, { chunkSize: Math.max(64, this.heldLength) });
      this.packed = null;
    }
    return this.held;
  }

  private fromDisk(start: number, end: number): Uint8Array {
    const bytes = this.stamp && this.source.readRange(this.path, start, end, this.stamp);
    if (!bytes) throw new StaleStepsError(this.relPath, start);
    return bytes;
  }
}
