// Files nobody has looked at for a while drop their parsed records and keep only the bytes they were read from (and
// their counts): 5,000 branches parsed held ~170 MB of records; asleep, their bytes and their summaries.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A followed file that can give its records up and rebuild them from the bytes it holds. */
export interface Sleeper {
  /** 'asleep': records dropped; 'busy': not now (a read is under way); 'never': it cannot (its bytes are not held). */
  sleep(): 'asleep' | 'busy' | 'never';
}

/** How often untouched files are put to sleep; a file sleeps after one to two of these without being looked at. */
export const SWEEP_MS = 5000;
/** A sweep that put this many files to sleep asks for a full garbage collection. */
export const COLLECT_AFTER = 200;

let gc: (() => void) | null = null;

/**
 * A full collection, now. An idle process never collects on its own (V8 collects when something allocates), so the
 * records a sweep dropped stayed resident while nobody looked: 300 MB instead of ~170 on 5,000 branches.
 */
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/**
 * The awake files and the sweep that puts the untouched ones to sleep. Only awake files are visited: a workspace whose
 * branches all sleep costs the sweep nothing per branch.
 */
export class Dormancy {
  /** Each awake file and the sweep it was last looked at in. */
  private readonly awake = new Map<Sleeper, number>();
  private sweeps = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly everyMs = SWEEP_MS,
    private readonly collect: () => void = collectGarbage,
  ) {}

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
    if (slept >= COLLECT_AFTER) this.collect();
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
