// The merges gcc-studio made, so that one can be undone later, after a restart too: one JSON line per merge in
// <project>/.gcc-studio/merges.jsonl (beside .GCC/, like the edit history), and one per undo. A merge's line is its
// intent record (merge-journal.ts) without the bytes it appended: their length and hash are enough to tell whether
// they are still the last bytes of each file, and the replaced metadata.yaml is kept whole to be put back.
import { dirname, join } from 'node:path';
import { HISTORY_DIR } from './edit-history.ts';
import { createJsonLines } from './json-lines.ts';
import { fromB64, type IntentWrite, type MergeIntent } from './merge-journal.ts';

export const MERGE_HISTORY_FILE = 'merges.jsonl';

/** One file a recorded merge wrote: an intent write whose appended bytes are kept as their length only. */
export type RecordedWrite = Omit<IntentWrite, 'bytes'> & { length: number };

/** A merge done: its intent record, with its writes kept as recorded writes. */
export type MergeRecord = Omit<MergeIntent, 'writes' | 'undoes'> & { type: 'merge'; writes: RecordedWrite[] };

export interface UndoRecord {
  type: 'undo';
  undoes: string;
  at: string;
}

export type MergeHistoryLine = MergeRecord | UndoRecord;

/** A recorded merge and, once undone, when. */
export interface RecordedMerge {
  record: MergeRecord;
  undoneAt: string | null;
}

export interface MergeHistory {
  readonly path: string;
  /** Oldest first. */
  merges(): Promise<RecordedMerge[]>;
  find(id: string): Promise<RecordedMerge | undefined>;
  append(line: MergeHistoryLine): Promise<void>;
}

export function mergeHistoryPathFor(gccDir: string): string {
  return join(dirname(gccDir), HISTORY_DIR, MERGE_HISTORY_FILE);
}

/** The history line of a merge whose every write is done. */
export function recordOf(intent: MergeIntent): MergeRecord {
  return {
    type: 'merge',
    version: 1,
    id: intent.id,
    at: intent.at,
    source: intent.source,
    target: intent.target,
    dialect: intent.dialect,
    commitId: intent.commitId,
    writes: intent.writes.map(({ bytes, ...w }) => ({ ...w, length: fromB64(bytes).length })),
  };
}

function isLine(v: unknown): v is MergeHistoryLine {
  const l = v as Partial<MergeRecord> & Partial<UndoRecord>;
  if (typeof l !== 'object' || l === null || typeof l.at !== 'string') return false;
  if (l.type === 'undo') return typeof l.undoes === 'string';
  return l.type === 'merge' && l.version === 1 && typeof l.id === 'string' && typeof l.source === 'string' && typeof l.target === 'string' && Array.isArray(l.writes);
}

/** Read afresh on every call: start-up recovery, finishing an undo a crash cut short, appends to it too. */
export function createMergeHistory(path: string): MergeHistory {
  const lines = createJsonLines(path, isLine, { fresh: true });
  const merges = async (): Promise<RecordedMerge[]> => {
    const all = await lines.list();
    const undone = new Map(all.flatMap((l) => (l.type === 'undo' ? [[l.undoes, l.at] as const] : [])));
    return all.flatMap((l) => (l.type === 'merge' ? [{ record: l, undoneAt: undone.get(l.id) ?? null }] : []));
  };
  return {
    path,
    merges,
    find: async (id) => (await merges()).find((m) => m.record.id === id),
    append: (line) => lines.append(line),
  };
}

export const mergeHistory = (gccDir: string): MergeHistory => createMergeHistory(mergeHistoryPathFor(gccDir));
