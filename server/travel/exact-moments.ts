// Exact moments beside the reconstructed ones: `git:<sha>` is the memory as a commit holds it, read whole by the same
// readers as now (a RecordsView over that commit's tree), so its CONTEXT is the implementation's own, byte for byte,
// and its records feed the same "what changed" as any moment. Where the trees come from (git) is not known here.
import { findGitMoment, gitMomentPrefix, gitMomentText, type GitMoment } from '../../shared/git/git-moments.ts';
import { EditedSteps } from '../../shared/gcc/read/step-list.ts';
import { isoKey } from '../../shared/gcc/read/time-key.ts';
import { MomentError } from '../../shared/gcc/moment/moment.ts';
import type { MemoryAt } from '../../shared/gcc/moment/memory-at.ts';
import type { MomentInfo } from '../../shared/timeline-api.ts';
import type { RecordsView } from '../live/index.ts';
import type { MomentView } from './moment-view.ts';
import type { TimeTravel } from './time-travel.ts';

/** The commits that changed .GCC/ (newest first), and the workspace as one of them holds it. */
export interface ExactMoments {
  list(): Promise<GitMoment[]>;
  read(commit: string): Promise<RecordsView>;
}

/** Time travel that also takes `git:<sha>`; `base` answers every other moment (null: none). */
export interface ExactTimeTravel extends TimeTravel {
  exactMoments(): Promise<GitMoment[]>;
}

/** The memory a commit holds, answered as a moment: exact, with no reasons. */
export function exactMomentView(view: RecordsView, moment: GitMoment, revision: number): MomentView {
  const records = view.records();
  const text = gitMomentText(moment.commit);
  const key = isoKey(moment.time) ?? [Math.floor(moment.ms / 1000), 0];
  const info: MomentInfo = { moment: text, time: new Date(moment.ms).toISOString(), exact: true, reasons: [], commit: moment.commit };
  const memory: MemoryAt = {
    moment: { text, time: info.time, key },
    roadmap: records.roadmap,
    branches: records.branches.map((b) => ({ name: b.name, metadata: b.metadata, dialect: b.dialect, steps: new EditedSteps(b.steps), commits: [...b.commits] })),
    reasons: [],
  };
  return {
    ...view,
    info,
    memory,
    workspace: () => ({ ...view.workspace(), readOnly: true, revision, at: info }),
  };
}

const KEPT = 4;

export function withExactMoments(base: TimeTravel | null, exact: ExactMoments, revision: () => number = () => 0): ExactTimeTravel {
  const kept = new Map<string, Promise<MomentView>>();
  const viewOf = (moment: GitMoment) => {
    let view = kept.get(moment.commit);
    if (!view) {
      view = exact.read(moment.commit).then((v) => exactMomentView(v, moment, revision()));
      kept.set(moment.commit, view);
      view.catch(() => kept.delete(moment.commit));
      while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    }
    return view;
  };
  return {
    exactMoments: () => exact.list(),
    async view(moment) {
      const prefix = gitMomentPrefix(moment);
      if (prefix === null) {
        if (!base) throw new MomentError(`moment "${moment}": only git:<commit> moments can be read here`);
        return base.view(moment);
      }
      const found = findGitMoment(await exact.list(), prefix);
      if ('problem' in found) throw new MomentError(found.problem);
      return viewOf(found.moment);
    },
    timeline: () => {
      if (!base) throw new MomentError('no timeline here: only git:<commit> moments');
      return base.timeline();
    },
  };
}

/**
 * Exact moments found on first use (a server's start spawns no git and loads no git code): `find` says where they come
 * from, null when there are none (a folder in no repository, a machine without git). `close` ends what `find` started.
 */
export function lazyExactMoments(find: () => Promise<(ExactMoments & { close(): void }) | null>): ExactMoments & { close(): void } {
  let found: Promise<(ExactMoments & { close(): void }) | null> | null = null;
  let closed = false;
  const source = () => {
    if (closed) return Promise.resolve(null);
    found ??= find().catch(() => null);
    return found;
  };
  return {
    list: async () => (await source())?.list() ?? [],
    read: async (commit) => {
      const s = await source();
      if (!s) throw new MomentError(`moment "${gitMomentText(commit)}": no git history here`);
      return s.read(commit);
    },
    close: () => {
      closed = true;
      void found?.then((s) => s?.close());
    },
  };
}
