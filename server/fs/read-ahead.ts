// Start-up's file reads shared with a second thread: while the reading thread parses branches from the first on, a
// worker (read-ahead-worker.ts) opens and reads the branch files from the last back into shared slabs, and the
// reading thread takes those bytes instead of making the system calls itself (open, fstat, readlink, read and close:
// ~60 µs a branch, ~0.3 s of 5,000 branches). The two meet in the middle; neither waits for the other.
import { sep } from 'node:path';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { FileStamp } from './gcc-source.ts';
import { adoptSlab, SLAB_PIECE_MAX } from './held-slabs.ts';
import { moduleWorker } from './module-worker.ts';
import { INFO_FIELDS, PASSED, READ_AHEAD_FILES, READY, type AheadStart, type NewSlab } from './read-ahead-protocol.ts';

/** Fewer branches than this are read by the reading thread alone: the worker's own start costs ~30 ms of a core. */
export const READ_AHEAD_MIN_BRANCHES = 64;

export interface TakenFile {
  stamp: FileStamp;
  /** A view of a slab of the worker's shared memory (held-slabs.ts holds such bytes in place). */
  bytes: Uint8Array;
}

/** The process's read-ahead under way: a fleet's members starting together read without one, past the first. */
let running: ReadAhead | null = null;

export class ReadAhead {
  /** A read-ahead, or null while another runs in this process. */
  static start(root: string, branchesDir: string, names: string[]): ReadAhead | null {
    if (running) return null;
    running = new ReadAhead(root, branchesDir, names);
    return running;
  }

  /** Each branch's index, by its name. */
  private readonly branches: Map<string, number>;
  /** The branch folders' parent as the reading thread's paths spell it, with its separator. */
  private readonly prefix: string;
  private readonly state: Int32Array;
  private readonly info: Float64Array;
  private readonly reached = new Int32Array(new SharedArrayBuffer(4));
  private slabs: SharedArrayBuffer[] = [];
  private port: MessagePort | null;
  private worker: Worker | null;
  /** Settles when the worker has stopped (read all it would, failed, or was stopped). */
  readonly done: Promise<void>;

  private constructor(root: string, branchesDir: string, names: string[]) {
    const count = names.length * READ_AHEAD_FILES.length;
    this.state = new Int32Array(new SharedArrayBuffer(4 * count));
    this.info = new Float64Array(new SharedArrayBuffer(8 * INFO_FIELDS * count));
    this.branches = new Map(names.map((name, i) => [name, i]));
    this.prefix = branchesDir + sep;
    const { port1, port2 } = new MessageChannel();
    const start: AheadStart = { root, branchesDir, names, pieceMax: SLAB_PIECE_MAX, state: this.state, info: this.info, reached: this.reached, port: port2 };
    this.port = port1;
    this.worker = moduleWorker(import.meta.url, 'read-ahead-worker', { workerData: start, transferList: [port2] });
    // A worker that fails leaves every read to the reading thread.
    this.worker.on('error', () => this.close());
    this.done = new Promise((resolve) => this.worker!.once('exit', () => resolve()));
    this.worker.unref();
  }

  /** The reading thread is about to read the first `count` branches: the worker need not. */
  begin(count: number): void {
    Atomics.store(this.reached, 0, count);
  }

  /**
   * The bytes the worker read of `path`, once: a slot taken is PASSED, and so is one the worker had not read yet
   * (null: the caller reads the disk, and the worker's later copy is never served).
   */
  take(path: string): TakenFile | null {
    const slot = this.slotOf(path);
    if (slot === null || !this.port) return null;
    // The worker only moves a slot from EMPTY to READY: whatever it held, it is PASSED now.
    if (Atomics.exchange(this.state, slot, PASSED) !== READY) return null;
    const info = this.info;
    const at = slot * INFO_FIELDS;
    const size = info[at + 1]!;
    const slab = this.slab(info[at + 4]!);
    return slab ? { stamp: { ino: info[at]!, size, mtimeMs: info[at + 2]!, ctimeMs: info[at + 3]! }, bytes: new Uint8Array(slab, info[at + 5]!, size) } : null;
  }

  /** Stops the worker and lets go of what it read that nobody took. */
  close(): void {
    if (running === this) running = null;
    this.port?.close();
    this.port = null;
    void this.worker?.terminate();
    this.worker = null;
    this.slabs = [];
  }

  /** `path` as join(branchesDir, name, file) spells it → its slot; null for any other path. */
  private slotOf(path: string): number | null {
    if (!path.startsWith(this.prefix)) return null;
    const cut = path.lastIndexOf(sep);
    const branch = this.branches.get(path.slice(this.prefix.length, cut));
    const file = READ_AHEAD_FILES.indexOf(path.slice(cut + 1) as (typeof READ_AHEAD_FILES)[number]);
    return branch === undefined || file === -1 ? null : branch * READ_AHEAD_FILES.length + file;
  }

  /** A slab by its id: the worker sent it before it marked any file in it read. */
  private slab(id: number): SharedArrayBuffer | null {
    while (!this.slabs[id] && this.port) {
      const got = receiveMessageOnPort(this.port);
      if (!got) return null;
      const { id: sent, slab } = got.message as NewSlab;
      this.slabs[sent] = slab;
      adoptSlab(slab);
    }
    return this.slabs[id] ?? null;
  }
}
