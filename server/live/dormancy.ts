// Files nobody has looked at for a while drop their parsed records and keep only the bytes they were read from (and
// their counts): 5,000 branches parsed held ~170 MB of records; asleep, their bytes and their summaries.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A followed file that can give its records up and rebuild them from the bytes it holds. */
export interface Sleeper {
  /**
   * 'asleep': records dropped now; 'already': it was asleep; 'busy': not now (a read is under way); 'never': it cannot
   * (its bytes are not held).
   */
  sleep(): 'asleep' | 'already' | 'busy' | 'never';
}

/** How often untouched files are put to sleep; a file sleeps after one to two of these without being looked at. */
export const SWEEP_MS = 5000;

/**
 * The awake files and the sweep that puts the untouched ones to sleep. Only awake files are visited: a workspace whose
 * branches all sleep costs the sweep nothing per branch.
 */
export class Dormancy {
  /** Each awake file and the sweep it was last looked at in. */
  private readonly awake = new Map<Sleeper, number>();
  private sweeps = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly everyMs = SWEEP_MS) {}

  /** A file's records were just read or changed: it stays awake for this sweep and the next. */
  touched(file: Sleeper): void {
    this.awake.set(file, this.sweeps);
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

let gc: (() => void) | null = null;
let collecting: ReturnType<typeof setTimeout> | null = null;

/**
 * One full collection a second from now (asks meanwhile are the same one): start-up is over and its garbage (every
 * branch's records, parsed and dropped) can go. An idle process never collects on its own, and V8 returns freed pages
 * only from the collections that follow a full one: 5,000 branches stayed at 242 MB, and fell to ~168 MB ~30 s after
 * this (~0.2 s of CPU here, ~0.5 s in V8's own collection then). A fleet's members starting together cost one.
 */
export function collectSoon(): void {
  if (collecting) return;
  collecting = setTimeout(() => {
    collecting = null;
    if (!gc) {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    }
    gc();
  }, 1000);
  collecting.unref();
}
