// The parsed workspace in memory (records, not file copies), kept current by apply(paths): each changed file is read
// from where the last read stopped, and what changed goes out on the bus as precise events. Every change to the
// records and its event happen in one synchronous step, so a snapshot's revision always matches its contents.
// The store is a composition of named parts, each tested alone: the workspace model (what is known), the apply
// queue (one batch at a time), the workspace refresh (a batch re-read, each change published through the event
// gate), and the context cache (CONTEXT views per branch and dialect).
import type { BranchResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import type { BranchMetadata, Commit, ContextDialect, Diagnostic, Dialect, OtaStep } from '../../shared/types.ts';
import { createApplyQueue } from './apply-queue.ts';
import { ContextCache, contextDialectOf, type ContextResult } from './context-cache.ts';
import { EventGate } from './event-gate.ts';
import type { EventBus } from './event-bus.ts';
import { processBatch, type RefreshParts } from './workspace-refresh.ts';
import { WorkspaceModel } from './workspace-model.ts';

export type { ContextResult };

/** What the routes read. */
export interface WorkspaceView {
  workspace(): WorkspaceResponse;
  branch(name: string): BranchResponse | null;
  steps(name: string, from: number, limit: number): StepsPage | null;
  /** `dialect` null: the branch's own dialect when it is one we render exactly, else python. Waits for the counts. */
  context(name: string, k: number, dialect: ContextDialect | null): Promise<ContextResult | null>;
  /** The CONTEXT text alone, without token counts. */
  contextText(name: string, k: number, dialect: ContextDialect | null): string | null;
}

export interface Store extends WorkspaceView {
  /** The first full read; emits no events. */
  load(): Promise<void>;
  /**
   * Reads each branch as its dialect's reader does and counts its CONTEXT tokens, without waiting: the page asks
   * for CONTEXT first thing. The server calls it once it listens, so that start-up does not wait for it.
   */
  warmContexts(): void;
  /** Re-reads what these paths (relative to .GCC/, as the watcher reports them) touch, and emits the changes. */
  apply(paths: readonly string[]): Promise<void>;
  /** Resolves when every queued apply has been processed. */
  idle(): Promise<void>;
  readonly revision: number;
  /** The records as held now (the same arrays, no copies): what time travel cuts at a moment (time-travel.ts). */
  records(): StoreRecords;
}

export interface StoreRecords {
  roadmap: string;
  branches: { name: string; metadata: BranchMetadata | null; dialect: Dialect; steps: readonly OtaStep[]; commits: readonly Commit[] }[];
  diagnostics: Diagnostic[];
}

export interface StoreOptions {
  gccDir: string;
  /** Shown as `root` in the workspace response. */
  root: string;
  readOnly: boolean;
  bus: EventBus;
  onError?: ((error: unknown) => void) | undefined;
}

export function createStore(options: StoreOptions): Store {
  const { bus } = options;
  const model = new WorkspaceModel();
  const contexts = new ContextCache();
  const gate = new EventGate(bus);
  const parts: RefreshParts = { gccDir: options.gccDir, model, contexts, gate };
  const queue = createApplyQueue((paths) => processBatch(parts, paths), (err) => options.onError?.(err));

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
    },
    warmContexts() {
      // One branch a turn of the event loop: on a 205,000-step log the first read is the only slow one, and a
      // request that comes meanwhile is answered between two branches.
      const names = [...model.branches.keys()];
      const next = () => {
        const b = model.branches.get(names.shift() ?? '');
        if (b) void contexts.counts(contexts.view(b, contextDialectOf(b), model.roadmap), b.name, contextDialectOf(b)).catch((err) => options.onError?.(err));
        if (names.length > 0) setImmediate(next);
      };
      setImmediate(next);
    },
    apply: (paths) => queue.enqueue(paths),
    idle: () => queue.idle(),
    workspace: () => model.workspace({ root: options.root, readOnly: options.readOnly, revision: bus.revision }),
    branch: (name) => model.branch(name),
    steps: (name, from, limit) => model.steps(name, from, limit),
    records: () => ({
      roadmap: model.roadmap,
      branches: model.sortedBranches().map((b) => ({ name: b.name, metadata: b.meta?.metadata ?? null, dialect: b.dialect, steps: b.log.records, commits: b.commits.records })),
      diagnostics: model.allDiagnostics(),
    }),
    async context(name, k, requested) {
      const b = model.branches.get(name);
      return b ? contexts.context(b, k, requested, model.roadmap) : null;
    },
    contextText(name, k, requested) {
      const b = model.branches.get(name);
      return b ? contexts.text(b, k, requested, model.roadmap) : null;
    },
  };
}
