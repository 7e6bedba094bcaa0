// Time travel on the live store: the memory at a moment, from the store's records and the hand-edit history, answered
// through the same view the routes read now.
import { stat, readFile } from 'node:fs/promises';
import type { GitMoment } from '../../shared/git/git-moments.ts';
import { ContextAtCache } from '../../shared/gcc/moment/context-at.ts';
import { WorkspaceTimeline } from '../../shared/gcc/moment/memory-at.ts';
import type { RoadmapObservation } from '../../shared/gcc/moment/roadmap-at.ts';
import { targetKey, type EditEntry } from '../../shared/gcc/write/edit.ts';
import { changeRecordPath, createChangeRecord } from './change-record.ts';
import type { EventBus, Store } from '../live/index.ts';
import { momentView, type MomentView } from './moment-view.ts';
import { sharedTokenCounter, type TokenCounter } from '../context/index.ts';
import { historyPathFor } from '../write/index.ts';

const KEPT_MOMENTS = 8;
/** Branches read between two turns of the event loop while the timeline catches up. */
const READ_PER_TURN = 32;

export interface TimeTravel {
  /** The workspace as it was at the moment. Throws MomentError for a moment that names nothing. */
  view(moment: string): Promise<MomentView>;
  /** The timeline, current with the store. */
  timeline(): Promise<WorkspaceTimeline>;
  /** The exact moments beside it (git commits that changed .GCC/), when there are any: exact-moments.ts. */
  exactMoments?(): Promise<GitMoment[]>;
}

export interface TimeTravelOptions {
  store: Pick<Store, 'records' | 'revision' | 'workspace'>;
  /** `<project>/.gcc-studio/edits.jsonl` (server/write/edit-history.ts); null when there is none to read. */
  historyPath: string | null;
  /** The live stream: with it, what the server sees change is recorded beside the history (change-record.ts). */
  bus?: EventBus;
  readOnly?: boolean;
  /** The workspace's .GCC/ (the change record writes only while it exists). */
  gccDir?: string;
  /** Counts a moment's CONTEXT tokens (default: the process's token worker). */
  counter?: TokenCounter;
}

/**
 * The moment core (shared/gcc/moment) over the store's records and the edit history, brought up to date when either
 * changed; the few moments a travelling page asks about again and again are kept (the workspace, a branch, its steps
 * pages, CONTEXT).
 */
export function createTimeTravel(options: TimeTravelOptions): TimeTravel {
  const timeline = new WorkspaceTimeline();
  const contexts = new ContextAtCache();
  const views = new Map<string, MomentView>();
  let synced = '';
  let root = '';
  const watched = options.historyPath
    ? createChangeRecord({ path: changeRecordPath(options.historyPath), records: () => options.store.records(), bus: options.bus, readOnly: options.readOnly ?? true, gccDir: options.gccDir })
    : null;
  let edits: { stamp: string; entries: EditEntry[] } = { stamp: '', entries: [] };

  const readEdits = async (): Promise<{ stamp: string; entries: EditEntry[] }> => {
    if (!options.historyPath) return edits;
    const st = await stat(options.historyPath).catch(() => null);
    const stamp = st ? `${st.size}:${st.mtimeMs}` : 'none';
    if (stamp === edits.stamp) return edits;
    const text = st ? await readFile(options.historyPath, 'utf8').catch(() => '') : '';
    return (edits = { stamp, entries: parseHistory(text) });
  };

  /**
   * The branches whose records moved since the last sync are caught up a few at a time first, each turn of the event
   * loop answering what came meanwhile: the first sync on 5,000 branches woke every sleeping log and commit file and
   * read their times in one task of ~1 s, which a page opened then waited behind. The sync then finds them current.
   */
  const syncTo = async (key: string, history: { entries: EditEntry[] }, roadmapObserved: RoadmapObservation[], rewrites: EditEntry[]): Promise<void> => {
    const records = options.store.records();
    let read = 0;
    for (const b of records.branches) {
      if (!timeline.needsRecords(b)) continue;
      timeline.catchUp(b);
      if (++read % READ_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const edits = [...history.entries, ...rewrites].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    timeline.sync({ roadmap: records.roadmap, branches: records.branches, edits, roadmapObserved });
    root = options.store.workspace().root;
    views.clear();
    synced = key;
  };
  let syncing: { key: string; done: Promise<void> } | null = null;

  const current = async (): Promise<string> => {
    const history = await readEdits();
    const roadmapObserved = watched?.roadmap() ?? [];
    const rewrites = withoutHandEdits(watched?.rewrites() ?? [], history.entries);
    const key = `${options.store.revision}|${history.stamp}|${roadmapObserved.length}|${rewrites.length}`;
    if (key === synced) return key;
    // One sync a state, however many ask for it meanwhile.
    if (syncing?.key !== key) {
      const done = syncTo(key, history, roadmapObserved, rewrites).finally(() => {
        if (syncing?.done === done) syncing = null;
      });
      syncing = { key, done };
    }
    await syncing.done;
    return key;
  };

  return {
    async timeline() {
      await current();
      return timeline;
    },
    async view(moment) {
      const key = `${await current()}|${moment}`;
      let view = views.get(key);
      if (!view) {
        const memory = timeline.at(moment);
        const records = options.store.records();
        view = momentView({ memory, now: records, contexts, counter: options.counter ?? sharedTokenCounter(), root, revision: options.store.revision });
        views.set(key, view);
        while (views.size > KEPT_MOMENTS) views.delete(views.keys().next().value!);
      }
      return view;
    },
  };
}

/** The rewrites watched that are not hand edits (an edit is seen as a rewrite too, and is in the history already). */
function withoutHandEdits(rewrites: EditEntry[], edits: readonly EditEntry[]): EditEntry[] {
  const saved = new Set(edits.flatMap((e) => e.changes.map((c) => `${targetKey(c.target)}\u0000${JSON.stringify(c.after)}`)));
  return rewrites
    .map((r) => ({ ...r, changes: r.changes.filter((c) => !saved.has(`${targetKey(c.target)}\u0000${JSON.stringify(c.after)}`)) }))
    .filter((r) => r.changes.length > 0);
}

/** Time travel over a view that exposes its records (the live store), else null; the history beside `gccDir`. */
export function timeTravelFor(view: object, gccDir: string | undefined, bus?: EventBus): TimeTravel | null {
  const store = view as Partial<Store>;
  if (typeof store.records !== 'function') return null;
  const readOnly = (store as Store).workspace().readOnly;
  return createTimeTravel({ store: store as Store, historyPath: gccDir ? historyPathFor(gccDir) : null, ...(gccDir ? { gccDir } : {}), ...(bus ? { bus } : {}), readOnly });
}

/** The history's lines; a torn or foreign line is skipped (as edit-history.ts does). */
function parseHistory(text: string): EditEntry[] {
  return text.split('\n').flatMap((line) => {
    if (line.trim() === '') return [];
    try {
      const v = JSON.parse(line) as Partial<EditEntry> | null;
      return v && typeof v.at === 'string' && typeof v.file === 'string' && Array.isArray(v.changes) ? [v as EditEntry] : [];
    } catch {
      return [];
    }
  });
}
