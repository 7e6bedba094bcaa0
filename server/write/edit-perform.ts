// The one path every hand edit takes to disk: under the workspace's own write lock, read the file as it is now,
// run the edit's job on it, replace the file atomically and record the edit in the history; then let the store
// re-read the file and announce the edit. Refusals become EditErrors with the status the route answers with.
import { randomUUID } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BranchMetadata, Commit, OtaStep } from '../../shared/types.ts';
import { commitVersion, metadataVersion, stepVersion, type EditEntry, type EditResponse, type EditTarget } from '../../shared/gcc/write/edit.ts';
import type { RoadmapPart } from '../../shared/gcc/write/edit-roadmap.ts';
import { BRANCHES_DIR } from '../../shared/gcc/read/paths.ts';
import type { EventBus } from '../live/event-bus.ts';
import type { Store, WorkspaceView } from '../live/store.ts';
import { EditError } from './edit-error.ts';
import type { EditHistory } from './edit-history.ts';
import type { FileJob } from './edit-jobs.ts';
import { LockTimeoutError, withWorkspaceLock, writeFileAtomic } from './workspace-lock.ts';

/** What the locked write needs: the workspace, its store and bus, the history, the clock. */
export interface EditWriter {
  gccDir: string;
  store: WorkspaceView & Partial<Pick<Store, 'apply'>>;
  bus?: Pick<EventBus, 'publish'> | undefined;
  history: EditHistory;
  lockTimeoutMs?: number | undefined;
  now: () => Date;
}

/** Performs one job; `undoes` names the history entry it reverts. */
export type Perform = <T>(job: FileJob<T>, undoes?: string) => Promise<EditResponse<T>>;

export async function readOrNull(path: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function performEdit<T>(w: EditWriter, job: FileJob<T>, undoes?: string): Promise<EditResponse<T>> {
  if (w.store.workspace().readOnly) throw new EditError(403, 'gcc-studio runs with --read-only: edits are off');
  const path = join(w.gccDir, job.file);
  const parts = job.file.split('/');
  if (parts[0] === BRANCHES_DIR) {
    // Never write through a symlinked branch folder (it could point anywhere).
    const dir = await lstat(join(w.gccDir, BRANCHES_DIR, parts[1]!)).catch(() => null);
    if (!dir || !dir.isDirectory()) throw new EditError(404, `no branch folder "${parts[1]}"`);
  }
  let result;
  try {
    result = await withWorkspaceLock(
      w.gccDir,
      job.dialect,
      async () => {
        const outcome = job.run(await readOrNull(path));
        if (!outcome.ok) return outcome;
        let entry: EditEntry | null = null;
        if (outcome.changed) {
          await writeFileAtomic(path, outcome.bytes);
          entry = { id: randomUUID(), at: w.now().toISOString(), file: job.file, changes: outcome.changes, ...(undoes ? { undoes } : {}) };
          await w.history.append(entry);
        }
        return { ...outcome, entry };
      },
      { timeoutMs: w.lockTimeoutMs ?? 10_000 },
    );
  } catch (err) {
    if (err instanceof LockTimeoutError) throw new EditError(503, `the workspace is locked by a writer: ${err.message}`);
    throw err;
  }
  if (!result.ok) {
    const status = result.code === 'conflict' ? 409 : result.code === 'not-found' ? 404 : 422;
    const conflict =
      result.code === 'conflict' && result.target && result.current !== undefined ? { target: result.target, current: result.current, version: versionOfAny(result.target, result.current) } : undefined;
    throw new EditError(status, result.message, conflict);
  }
  if (result.entry) {
    // The store reads the new file now, so whatever the client asks next already shows the edit.
    await w.store.apply?.([job.file]);
    w.bus?.publish({ type: 'record-edited', entry: result.entry });
  }
  return { changed: result.changed, records: result.records, entry: result.entry };
}

function versionOfAny(target: EditTarget, current: unknown): string {
  switch (target.kind) {
    case 'commit':
      return commitVersion(current as Commit);
    case 'step':
      return stepVersion(current as OtaStep);
    case 'metadata':
      return metadataVersion(current as BranchMetadata);
    case 'roadmap':
      return (current as RoadmapPart).version;
  }
}
