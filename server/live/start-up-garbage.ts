// Start-up's garbage (every branch's records, parsed and dropped; the plain bytes of the files compressed since) is
// collected once the process is quiet, and the old space compacted: an idle process never collects on its own, and a
// collection that does not move objects leaves the pages that start-up scattered them over.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { keptWork } from './kept-work.ts';

type Gc = (options?: { type: 'minor' }) => void;
let gc: Gc | null = null;

/** V8's own collector, exposed once (as `--expose-gc` would). */
function exposedGc(): Gc {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
  }
  return gc;
}

/**
 * A full collection that moves every live object it can onto fewer pages and gives the rest back: on 5,000 branches a
 * plain one left the old space ~70 MB committed around ~52 MB of live objects, and that gap (start-up's objects died
 * scattered among the survivors, and V8 moves at most a few MB of the sparsest pages) stayed resident while idle.
 */
export function compactingCollection(): void {
  const collect = exposedGc();
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/** A young collection: once allocation has been low a while, V8 also shrinks the young space (~5 ms). */
export function youngCollection(): void {
  exposedGc()({ type: 'minor' });
}

/**
 * A heap in use past this before the collection (garbage included) gets a plain one: compacting moves every live
 * object, and its pause grows with them (~0.33 s for 5,000 branches' ~42 MB on a loaded 2-core machine, where a plain
 * one took ~0.1 s); a fleet's members streaming rows must not stop for seconds.
 */
export const COMPACT_UP_TO_BYTES = 128 * 2 ** 20;

/** The collection after start-up, compacting while the heap in use is small enough for its pause; which it ran. */
export function fullCollection(usedBytes = getHeapStatistics().used_heap_size): 'compacting' | 'plain' {
  if (usedBytes <= COMPACT_UP_TO_BYTES) {
    compactingCollection();
    return 'compacting';
  }
  exposedGc()();
  return 'plain';
}

let collecting: ReturnType<typeof setTimeout> | null = null;
/** Whether the pending round's full collection has run: an ask before it is that one, an ask after it another. */
let fullRan = false;
let askedAgain = false;
/**
 * A collection once allocation has been low for this long also shrinks V8's young space (~33 MB committed, and
 * resident, after start-up): V8 judges the rate over the last 5 s.
 */
const QUIET_COLLECT_MS = 6000;

/**
 * A full collection now, compacting (in a moment: asks before it runs are this one; an ask after it, another round),
 * and a young one once the process has been quiet a while. 5,000 branches stayed at ~240 MB with none; after plain
 * full collections at ~150–160 MB; compacted, ~137 MB. A fleet's members starting together cost one.
 */
export function collectSoon(): void {
  if (collecting) {
    // Start-up asks twice in a row (the compression's release, then its end): one full collection serves both.
    if (fullRan) askedAgain = true;
    return;
  }
  fullRan = false;
  collecting = setTimeout(() => {
    // Between a page's requests: a full collection of start-up's heap is one pause of 0.1–0.3 s.
    void keptWork().turn().then(collectNow);
  }, 50);
  collecting.unref();
}

/** The round's full collection, then the young one once the process has been quiet. */
function collectNow(): void {
  fullCollection();
  fullRan = true;
  collecting = setTimeout(() => {
    collecting = null;
    youngCollection();
    if (askedAgain) {
      askedAgain = false;
      collectSoon();
    }
  }, QUIET_COLLECT_MS);
  collecting.unref();
}
