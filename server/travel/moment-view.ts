// The memory at a moment answered as the routes read the workspace now (WorkspaceView): the same shapes, cut at the
// moment, with the moment and its exactness beside the workspace. Read-only: the page does not edit the past.
import { branchSummary, type BranchResponse, type BranchSummary, type ContextResponse, type StepsPage } from '../../shared/api.ts';
import type { ContextAtCache } from '../../shared/gcc/moment/context-at.ts';
import type { BranchAt, MemoryAt } from '../../shared/gcc/moment/memory-at.ts';
import { recordKey, compareTime } from '../../shared/gcc/read/time-key.ts';
import type { MomentInfo, WorkspaceAtResponse } from '../../shared/timeline-api.ts';
import { CONTEXT_DIALECTS, type ContextDialect } from '../../shared/types.ts';
import type { StoreRecords, WorkspaceView } from '../live/index.ts';
import type { TokenCounter } from '../context/index.ts';

export interface MomentView extends WorkspaceView {
  workspace(): WorkspaceAtResponse;
  readonly info: MomentInfo;
  readonly memory: MemoryAt;
}

export interface MomentViewInput {
  memory: MemoryAt;
  now: StoreRecords;
  contexts: ContextAtCache;
  counter: TokenCounter;
  root: string;
  revision: number;
}

export function momentView(input: MomentViewInput): MomentView {
  const { memory, now } = input;
  const info: MomentInfo = { moment: memory.moment.text, time: memory.moment.time, exact: memory.reasons.length === 0, reasons: memory.reasons };
  const byName = new Map(memory.branches.map((b) => [b.name, b]));
  const summaries = new Map(memory.branches.map((b) => [b.name, summaryOf(b)]));
  const args = (name: string, requested: ContextDialect | null) => {
    const b = byName.get(name);
    const live = now.branches.find((x) => x.name === name);
    if (!b || !live) return null;
    const dialect: ContextDialect = requested ?? ((CONTEXT_DIALECTS as readonly string[]).includes(b.dialect) ? (b.dialect as ContextDialect) : 'python');
    return { b, live, dialect };
  };
  return {
    info,
    memory,
    workspace: () => ({
      present: true,
      root: input.root,
      readOnly: true,
      revision: input.revision,
      roadmap: { text: memory.roadmap },
      branches: [...summaries.values()],
      diagnostics: now.diagnostics.filter((d) => existed(d.file, byName)),
      at: info,
    }),
    branch(name): BranchResponse | null {
      const b = byName.get(name);
      return b ? { branch: summaries.get(name)!, commits: b.commits } : null;
    },
    steps(name, from, limit): StepsPage | null {
      const b = byName.get(name);
      return b ? { branch: name, from, total: b.steps.length, steps: b.steps.slice(from, from + limit) } : null;
    },
    stepList: (name) => byName.get(name)?.steps ?? null,
    // Counted by the token worker, like the live CONTEXT (token-counter.ts): never on the thread that answers.
    async context(name, k, requested): Promise<ContextResponse | null> {
      const a = args(name, requested);
      return a ? input.contexts.context(name, memory.roadmap, a.live.steps, a.b, k, a.dialect, (texts) => input.counter.count(texts)) : null;
    },
    contextText(name, k, requested) {
      const a = args(name, requested);
      if (!a) return null;
      // The moment's CONTEXT is rendered record by record (the files then are not at hand to be read whole).
      const text = input.contexts.text(name, memory.roadmap, a.live.steps, a.b, k, a.dialect);
      return { branch: name, k, dialect: a.dialect, text, roadmapUsed: memory.roadmap, reading: 'records' };
    },
  };
}

/** A diagnostic of a file that existed at the moment (main.md and the listing always did). */
function existed(file: string, branches: ReadonlyMap<string, BranchAt>): boolean {
  const m = /^branches\/([^/]+)\//.exec(file);
  return !m || branches.has(m[1]!);
}

function summaryOf(b: BranchAt): BranchSummary {
  const lastActivity = newest([b.steps.at(-1)?.timestamp, b.commits.at(-1)?.timestamp]);
  return branchSummary({ name: b.name, metadata: b.metadata, dialect: b.dialect, commitCount: b.commits.length, stepCount: b.steps.length, lastActivity });
}

/** The newer of the last step's and the last commit's times (records are appended in time order). */
function newest(timestamps: (string | undefined)[]): string | null {
  let best: { ts: string; key: readonly [number, number] } | null = null;
  for (const ts of timestamps) {
    const key = recordKey(ts);
    if (ts && key && (!best || compareTime(key, best.key) > 0)) best = { ts, key };
  }
  return best?.ts ?? null;
}
