// Who wrote which record through gcc-studio (an MCP client by its clientInfo.name, or "page"): one JSON line a record
// in <project>/.gcc-studio/authors.jsonl, outside .GCC/, so the Contexa files keep exactly Contexa's bytes.
import { dirname, join } from 'node:path';
import { HISTORY_DIR } from './edit-history.ts';
import { createJsonLines } from './json-lines.ts';

export const AUTHORS_FILE = 'authors.jsonl';

/** What was written: a step (by its number and timestamp), a commit (by its id), a branch, a workspace, a merge. */
export type AuthoredRecord =
  | { kind: 'step'; branch: string; step: number; timestamp: string }
  | { kind: 'commit'; branch: string; commitId: string; timestamp: string }
  | { kind: 'branch'; branch: string; timestamp: string }
  | { kind: 'init'; branch: 'main'; timestamp: string }
  | { kind: 'merge'; branch: string; target: string; commitId: string; timestamp: string };

export type Authored = AuthoredRecord & {
  /** The client's name: an MCP client's `clientInfo.name`, or "page". */
  client: string;
  /** When gcc-studio wrote it (ISO). */
  at: string;
};

export interface Authorship {
  readonly path: string;
  /** Oldest first. */
  list(): Promise<Authored[]>;
  note(record: Authored): Promise<void>;
  /** Who wrote step `step` of `branch` (the latest such note; give `timestamp` to tell a reused number apart). */
  ofStep(branch: string, step: number, timestamp?: string): Promise<Authored | null>;
  /** Who wrote commit `commitId` (on `branch`, when given: ids can repeat across branches). */
  ofCommit(commitId: string, branch?: string): Promise<Authored | null>;
}

export function authorsPathFor(gccDir: string): string {
  return join(dirname(gccDir), HISTORY_DIR, AUTHORS_FILE);
}

const KINDS = new Set(['step', 'commit', 'branch', 'init', 'merge']);

function isAuthored(value: unknown): value is Authored {
  const v = value as Partial<Authored> | null;
  return typeof v === 'object' && v !== null && KINDS.has(v.kind ?? '') && typeof v.client === 'string' && typeof v.branch === 'string' && typeof v.at === 'string';
}

/** `fresh`: another process (a second MCP server) appends to the same file, so it is read on every question. */
export function createAuthorship(gccDir: string): Authorship {
  const path = authorsPathFor(gccDir);
  const lines = createJsonLines(path, isAuthored, { fresh: true });
  const latest = async (match: (a: Authored) => boolean): Promise<Authored | null> => {
    const all = await lines.list();
    for (let i = all.length - 1; i >= 0; i--) if (match(all[i]!)) return all[i]!;
    return null;
  };
  return {
    path,
    list: () => lines.list(),
    note: (record) => lines.append(record),
    ofStep: (branch, step, timestamp) =>
      latest((a) => a.kind === 'step' && a.branch === branch && a.step === step && (timestamp === undefined || a.timestamp === timestamp)),
    ofCommit: (commitId, branch) =>
      latest((a) => (a.kind === 'commit' || a.kind === 'merge') && a.commitId === commitId && (branch === undefined || (a.kind === 'merge' ? a.target : a.branch) === branch)),
  };
}
