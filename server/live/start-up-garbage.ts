// Start-up's garbage (every branch's records, parsed and dropped; the plain bytes of the files compressed since) is
// collected once the process is quiet, and the old space compacted: an idle process never collects on its own, and a
// collection that does not move objects leaves the pages that start-up scattered them over.
import { createRequire } from 'node:module';
import { keptWork } from './kept-work.ts';

// v8 and vm are loaded when the collection runs, after the first answer: ~2 ms of every start otherwise.
const load = createRequire(import.meta.url);
const v8 = () => load('node:v8') as typeof import('node:v8');
const vm = () => load('node:vm') as typeof import('node:vm');

type Gc = (options?: { type: 'minor' }) => void;
let gc: Gc | null = null;

/** V8's own collector, exposed once (as `--expose-gc` would). */
function exposedGc(): Gc {
  if (!gc) {
    v8().setFlagsFromString('--expose-gc');
    gc = vm().runInNewContext('gc') as Gc;
  }
  return gc;
}

/**
 * A full collection that moves every live object it can onto fewer pages and gives the rest back: on 5,000 branches a
 * plain one left the old space ~67 MB committed around ~52 MB of live objects, and that gap (start-up's objects died
 * scattered among the survivors, and V8 moves at most a few MB of the sparsest pages) stayed resident while idle.
 */
export function compactingCollection(): void {
  const collect = exposedGc();
  v8().setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    v8().setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/** What the collection after start-up asks of V8 (tests give their own). */
export interface Heap {
  /** Bytes in use, garbage included. */
  usedBytes(): number;
  /** The young space's committed bytes. */
  youngBytes(): number;
  full(compacting: boolean): void;
  /** A young collection: once allocation has been low a while, V8 also shrinks the young space (~5 ms). */
  young(): void;
}

const v8Heap: Heap = {
  usedBytes: () => v8().getHeapStatistics().used_heap_size,
  youngBytes: () => v8().getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0,
  full: (compacting) => (compacting ? compactingCollection() : exposedGc()()),
  young: () => exposedGc()({ type: 'minor' }),
};

/**
 * A heap in use past this before the collection (garbage included) gets a plain one: compacting moves every live
 * object, and its pause grows with them (~0.33 s for 5,000 branches' ~42 MB on a loaded 2-core machine, where a plain
 * one took ~0.1 s); a fleet's members streaming rows must not stop for seconds.
 */
export const COMPACT_UP_TO_BYTES = 128 * 2 ** 20;
/**
 * A collection once allocation has been low for this long also shrinks V8's young space (~33 MB committed, and
 * resident, after start-up): V8 judges the rate over the last 5 s.
 */
export const QUIET_COLLECT_MS = 6000;
/** The young space shrunk is a semi-space of ~1 MB committed; grown by start-up, ~33 MB. */
const YOUNG_SHRUNK_BYTES = 4 * 2 ** 20;
/** Young collections tried after a full one: past these, allocation is not low, and V8 keeps its size. */
export const YOUNG_TRIES = 5;

/**
 * The collection of start-up's garbage: a full collection (in a moment: asks before it runs are this one; an ask
 * after it, another round), then young ones once the process has been quiet. 5,000 branches stayed at ~240 MB with
 * none; after plain full collections at ~150–160 MB; compacted, ~125 MB. A fleet's members starting together cost one.
 */
export class StartUpGarbage {
  private collecting: ReturnType<typeof setTimeout> | null = null;
  /** Whether the pending round's full collection has run: an ask before it is that one, an ask after it another. */
  private fullRan = false;
  private askedAgain = false;

  constructor(
    private readonly heap: Heap = v8Heap,
    /** Awaited before the full collection (kept-work.ts): between a page's requests, a pause of 0.1–0.3 s. */
    private readonly pace: () => Promise<void> = () => keptWork().turn(),
  ) {}

  collectSoon(): void {
    if (this.collecting) {
      // Start-up asks twice in a row (the compression's release, then its end): one full collection serves both.
      if (this.fullRan) this.askedAgain = true;
      return;
    }
    this.fullRan = false;
    this.collecting = setTimeout(() => void this.pace().then(() => this.collectNow()), 50);
    this.collecting.unref();
  }

  /** The round's full collection, compacting while the heap is small enough for its pause; then the young ones. */
  private collectNow(): void {
    this.heap.full(this.heap.usedBytes() <= COMPACT_UP_TO_BYTES);
    this.fullRan = true;
    this.youngWhenQuiet(YOUNG_TRIES);
  }

  /**
   * The young collection once quiet, again (a few times) while the young space kept its size: V8 shrinks it only when
   * the last 5 s allocated little, and start-up's last pieces (the second look, the compression) may have run into
   * them on a loaded machine. Left at ~33 MB it made half the idle runs' RSS ~155 MB where the others had ~125.
   */
  private youngWhenQuiet(tries: number): void {
    this.collecting = setTimeout(() => {
      this.collecting = null;
      this.heap.young();
      if (this.askedAgain) {
        this.askedAgain = false;
        this.collectSoon();
      } else if (tries > 1 && this.heap.youngBytes() > YOUNG_SHRUNK_BYTES) this.youngWhenQuiet(tries - 1);
    }, QUIET_COLLECT_MS);
    this.collecting.unref();
  }
}

let shared: StartUpGarbage | null = null;

/** Start-up is over (or a fleet member's): its garbage is collected soon, once for the whole process. */
export function collectSoon(): void {
  (shared ??= new StartUpGarbage()).collectSoon();
}
