// The live store: the parsed workspace in memory, kept current by apply(paths), each change going out on the bus as a
// precise event in the same synchronous step, so a snapshot's revision always matches its contents.
import { ImplementationReadings } from '../context/index.ts';
import { createApplyQueue } from './apply-queue.ts';
import { processDormancy, type Dormancy } from './dormancy.ts';
import { createRewriteSettle } from './rewrite-settle.ts';
import { EventGate } from './event-gate.ts';
import type { EventBus } from './event-bus.ts';
import { processBatch, type RefreshParts } from './workspace-refresh.ts';
import { WorkspaceModel } from './workspace-model.ts';
import type { BranchEntry } from './branch-entry.ts';
import { compareTime } from '../../shared/gcc/read/time-key.ts';
import { diskSource, type GccSource } from '../fs/index.ts';
import { contextCacheOver, modelView, type RecordsView } from './workspace-view.ts';

export type { RecordsView, StoreRecords, WorkspaceView } from './workspace-view.ts';


export interface Store extends RecordsView {
  /** The first full read; emits no events. */
  load(): Promise<void>;
  /**
   * Reads each branch as its dialect's reader does and counts its CONTEXT tokens, without waiting: the page asks
   * for CONTEXT first thing. The server calls it once it listens, so that start-up does not wait for it.
   */
  warmContexts(): void;
  /**
   * Re-reads what these paths (relative to .GCC/, as the watcher reports them) touch, and emits the changes; a file
   * that would lose records is read once it has settled (rewrite-settle.ts), and this waits for that too.
   */
  apply(paths: readonly string[]): Promise<void>;
  /** Resolves when every queued apply has been processed. */
  idle(): Promise<void>;
  readonly revision: number;
}

export interface StoreOptions {
  gccDir: string;
  /** Where .GCC/'s bytes come from; default: the folder `gccDir` on disk. */
  source?: GccSource;
  /** Shown as `root` in the workspace response. */
  root: string;
  readOnly: boolean;
  /** `source` is a git ref's tree: the workspace response says so (it keeps no records of edits and merges). */
  fromGit?: boolean;
  bus: EventBus;
  onError?: ((error: unknown) => void) | undefined;
  /** Bytes of log.md and commit.md above which CONTEXT is rebuilt record by record (implementation-context.ts). */
  wholeFileLimit?: number;
  /** How long a file rewritten in place is left to settle (rewrite-settle.ts); tests end it when they choose. */
  settle?: (path: string) => Promise<void>;
  /** Where its files sleep when untouched (tests give their own); default: the one sweep of the process. */
  dormancy?: Dormancy;
  /**
   * Branches read at start stay awake until a sweep finds them untouched, instead of sleeping at once: a fleet's
   * member reads every branch's records for its row right after (asleep, each log was parsed twice).
   */
  awakeAtStart?: boolean;
}

/** How many branches' CONTEXT is read ahead when the server starts. */
export const WARMED_AT_START = 8;

/** main first, then the newest activity first; at most WARMED_AT_START. */
export function warmFirst(branches: readonly Pick<BranchEntry, 'name' | 'newest'>[]): string[] {
  const key = (b: Pick<BranchEntry, 'newest'>) => b.newest?.key ?? [Number.NEGATIVE_INFINITY, 0];
  return [...branches]
    .sort((a, b) => (a.name === 'main' ? -1 : b.name === 'main' ? 1 : -compareTime(key(a), key(b))))
    .slice(0, WARMED_AT_START)
    .map((b) => b.name);
}

/**
 * A composition of named parts, each tested alone: the workspace model (what is known), the apply queue (one batch at
 * a time), the workspace refresh (a batch read again, each change published through the event gate) and the context
 * cache (CONTEXT views per branch and dialect). Each changed file is read from where its last read stopped.
 */
export function createStore(options: StoreOptions): Store {
  const { bus } = options;
  const model = new WorkspaceModel();
  // Each implementation's CONTEXT is rendered from its own reading of the branch's whole files when they are small
  // enough to re-read (implementation-context.ts), else record by record.
  const source = options.source ?? diskSource(options.gccDir);
  const readings = new ImplementationReadings(source, options.wholeFileLimit);
  const contexts = contextCacheOver(readings, model);
  const view = modelView(model, { contexts, readings }, () => ({ root: options.root, readOnly: options.readOnly, fromGit: options.fromGit, revision: bus.revision }));
  const gate = new EventGate(bus);
  const dormancy = options.dormancy ?? processDormancy();
  const parts: RefreshParts = { gccDir: options.gccDir, source, model, contexts, gate, dormancy, awakeAtStart: options.awakeAtStart ?? false };
  const settle = createRewriteSettle(model, (paths) => queue.enqueue(paths), options.settle);
  const queue = createApplyQueue((paths) => processBatch(parts, settle.admit(paths)), (err) => options.onError?.(err));

  return {
    get revision() {
      return bus.revision;
    },
    async load() {
      gate.open = false;
      try {
        await queue.enqueue(['']);
      } finally {
        gate.open = true;
      }
      dormancy.start();
    },
    warmContexts() {
      // The branches a page is likely to open first (main, which it selects, then the most recently active), one a turn
      // of the event loop: on a 205,000-step log the first read is the only slow one, and a request that comes meanwhile
      // is answered between two branches. The rest are read when asked: 500 branches would be ~1.5 s of CPU beside the
      // page's first requests.
      const names = warmFirst([...model.branches.values()]);
      const next = () => {
        const b = model.branches.get(names.shift() ?? '');
        if (b) void view.context(b.name, 1, null).catch((err) => options.onError?.(err));
        if (names.length > 0) setImmediate(next);
      };
      setImmediate(next);
    },
    apply: async (paths) => {
      await queue.enqueue(paths);
      await settle.settled(paths);
    },
    idle: async () => {
      await queue.idle();
      await settle.settled();
    },
    workspace: view.workspace,
    branch: view.branch,
    steps: view.steps,
    stepList: view.stepList,
    records: view.records,
    context: view.context,
    contextText: view.contextText,
  };
}
