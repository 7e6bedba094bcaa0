// Files nobody has looked at for a while drop their parsed records and keep only the bytes they were read from (and
// their counts), compressed once start-up is over: 5,000 branches parsed held ~170 MB of records; asleep, 37 MB of
// bytes; compressed, 5.4 MB.
import { keptWork } from './kept-work.ts';
import { collectSoon } from './start-up-garbage.ts';

/** A followed file that can give its records up and rebuild them from the bytes it holds. */
export interface Sleeper {
  /**
   * 'asleep': records dropped now; 'already': it was asleep; 'busy': not now (a read is under way); 'never': it cannot
   * (its bytes are not held).
   */
  sleep(): 'asleep' | 'already' | 'busy' | 'never';
  /** Compresses the bytes it holds while asleep; how many plain bytes that let go (0: it woke, or changed meanwhile). */
  pack(): Promise<number>;
}

/** How often untouched files are put to sleep; a file sleeps after one to two of these without being looked at. */
export const SWEEP_MS = 5000;
/**
 * Files compressed at once, each on zlib's thread pool: two keep the pool busy on a 2-core machine while the loop
 * answers between them.
 */
const PACKING_AT_ONCE = 2;
/** Plain bytes let go past which a full collection is asked for: only one frees them (collectSoon). */
const COLLECT_AFTER_BYTES = 4 * 2 ** 20;

/**
 * The awake files and the sweep that puts the untouched ones to sleep, and the sleeping files whose bytes are still to
 * be compressed. Only those are visited: a workspace whose branches all sleep compressed costs the sweep nothing.
 */
export class Dormancy {
  /** Each awake file and the sweep it was last looked at in. */
  private readonly awake = new Map<Sleeper, number>();
  /** Each file asleep and not yet compressed, and the sweep it fell asleep in. */
  private readonly unpacked = new Map<Sleeper, number>();
  private sweeps = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Set once start-up is over (packAsleep): compression never competes with a first answer. */
  private packing = false;
  private queue: Sleeper[] = [];
  private queued = 0;
  private packers = 0;
  /** Plain bytes compressed away since the last collection asked for. */
  private released = 0;
  /** Resolves when the queue is empty and no compression is under way. */
  private drained: Promise<void> = Promise.resolve();
  private onDrained = () => {};

  constructor(
    private readonly everyMs = SWEEP_MS,
    /** Awaited before each file is compressed (kept-work.ts): between a page's requests, never during them. */
    private readonly pace: () => Promise<void> = () => keptWork().turn(),
  ) {}

  /** A file's records were just read or changed: it stays awake for this sweep and the next. */
  touched(file: Sleeper): void {
    this.awake.set(file, this.sweeps);
    this.unpacked.delete(file);
  }

  /** A file fell asleep (a sweep, or a branch read at start): its bytes are compressed a sweep later. */
  slept(file: Sleeper): void {
    this.unpacked.set(file, this.sweeps);
  }

  /**
   * Start-up is over: every sleeping file's bytes are compressed now, and from now on those of a file asleep since
   * the last sweep. Resolves once they are.
   */
  packAsleep(): Promise<void> {
    this.packing = true;
    return this.packWhere(() => true);
  }

  /** Files asleep whose bytes are not compressed yet (none queued for it). */
  get unpackedCount(): number {
    return this.unpacked.size;
  }

  private packWhere(due: (sleptIn: number) => boolean): Promise<void> {
    for (const [file, at] of this.unpacked) {
      if (!due(at)) continue;
      this.unpacked.delete(file);
      this.queue.push(file);
    }
    if (this.packers === 0 && this.queued < this.queue.length) this.drained = new Promise((resolve) => (this.onDrained = resolve));
    while (this.packers < PACKING_AT_ONCE && this.queued < this.queue.length) void this.packNext();
    return this.drained;
  }

  /** One packer: takes the next queued file until there is none. */
  private async packNext(): Promise<void> {
    this.packers += 1;
    while (this.queued < this.queue.length) {
      await this.pace();
      if (this.queued >= this.queue.length) break;
      const file = this.queue[this.queued]!;
      this.queue[this.queued++] = undefined as unknown as Sleeper;
      this.released += await file.pack().catch(() => 0);
    }
    this.packers -= 1;
    if (this.packers > 0) return;
    this.queue = [];
    this.queued = 0;
    if (this.released >= COLLECT_AFTER_BYTES) {
      this.released = 0;
      collectSoon();
    }
    this.onDrained();
  }

  /** Puts to sleep the files not looked at since the last sweep; returns how many fell asleep. */
  sweep(): number {
    this.sweeps += 1;
    let slept = 0;
    for (const [file, at] of this.awake) {
      if (this.sweeps - at < 2) continue;
      const got = file.sleep();
      if (got === 'busy') continue;
      this.awake.delete(file);
      if (got === 'asleep') slept += 1;
    }
    // Files asleep a whole sweep (those that fell asleep now wait for the next).
    if (this.packing) void this.packWhere((at) => at < this.sweeps);
    return slept;
  }

  get awakeCount(): number {
    return this.awake.size;
  }

  /** Starts the sweep (unref'd: it never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), this.everyMs);
    this.timer.unref();
  }
}

let shared: Dormancy | null = null;

/** One sweep for every store of the process: a fleet of 1,000 workspaces has one timer, not 1,000. */
export function processDormancy(): Dormancy {
  return (shared ??= new Dormancy());
}
