// The one path every hand edit takes to disk: under the writers' own lock, read the file as it is now, run the edit's job,
// replace the file atomically, record it in the history, and let the store read the file again.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BranchMetadata, Commit, OtaStep } from '../../shared/types.ts';
import { commitVersion, metadataVersion, stepVersion, type EditEntry, type EditResponse, type EditTarget, type SaveProblem } from '../../shared/gcc/write/edit.ts';
import type { RoadmapPart } from '../../shared/gcc/write/edit-roadmap.ts';
import { BRANCHES_DIR } from '../../shared/gcc/read/paths.ts';
import type { EventBus, Store, WorkspaceView } from '../live/index.ts';
import { pathProblem, readInside } from '../fs/index.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { EditError, fsEditError } from './refusals.ts';
import type { EditHistory } from './edit-history.ts';
import type { FileJob } from './edit-jobs.ts';
import { writeProblem } from './write-guard.ts';
import { LockRefusedError, LockTimeoutError, withWorkspaceLock } from './workspace-lock.ts';

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

/** The file at .GCC/<rel> (null: it does not exist); any other reason it cannot be read is a 409 that says why. */
export async function readOrNull(gccDir: string, rel: string): Promise<Uint8Array | null> {
  const read = await readInside(gccDir, rel);
  if (read.ok) return read.bytes;
  if (read.missing) return null;
  throw new EditError(409, `${rel} ${read.message}; nothing was changed`);
}

/** Replaces the file and records the edit; if the history cannot be written the file is put back as it was. */
async function saveAndRecord(w: EditWriter, file: string, bytes: Uint8Array, old: Uint8Array | null, entry: EditEntry): Promise<void> {
  const path = join(w.gccDir, file);
  const problem = await writeProblem(w.gccDir, file);
  if (problem) throw new EditError(409, `${file} ${problem}; nothing was changed`);
  try {
    await writeFileAtomic(path, bytes, { root: w.gccDir });
  } catch (err) {
    throw fsEditError(err, 'save', file);
  }
  try {
    await w.history.append(entry);
  } catch (err) {
    let outcome = `the edit was taken back, so ${file} is as it was`;
    try {
      if (old) await writeFileAtomic(path, old, { root: w.gccDir });
    } catch (again) {
      outcome = `and putting ${file} back failed too (${(again as Error).message}): it holds the edit, which the history does not list`;
    }
    throw fsEditError(err, 'record the edit in', w.history.path, outcome);
  }
}

/**
 * Never through a symbolic link; the file is checked writable (no link on the way, a mode that allows it) before it is
 * replaced. A refusal is an EditError with its status; a file-system error names the file and what happened, and
 * leaves the file as it was.
 */
export async function performEdit<T>(w: EditWriter, job: FileJob<T>, undoes?: string): Promise<EditResponse<T>> {
  const refusal = await refusalBeforeLock(w, job.file);
  if (refusal?.status === 409) throw new EditError(409, `${refusal.problem.path} ${refusal.problem.reason}; nothing was changed`);
  if (refusal) throw new EditError(refusal.status, refusal.message);
  let result;
  try {
    result = await withWorkspaceLock(
      w.gccDir,
      job.dialect,
      async () => {
        const old = await readOrNull(w.gccDir, job.file);
        const outcome = job.run(old);
        if (!outcome.ok) return outcome;
        let entry: EditEntry | null = null;
        if (outcome.changed) {
          entry = { id: randomUUID(), at: w.now().toISOString(), file: job.file, changes: outcome.changes, ...(undoes ? { undoes } : {}) };
          await saveAndRecord(w, job.file, outcome.bytes, old, entry);
        }
        return { ...outcome, entry };
      },
      { timeoutMs: w.lockTimeoutMs ?? 10_000 },
    );
  } catch (err) {
    if (err instanceof LockTimeoutError) throw new EditError(503, `the workspace is locked by a writer: ${err.message}`);
    if (err instanceof LockRefusedError) throw new EditError(409, `cannot take the workspace's write lock: ${err.message}; nothing was changed`);
    // A disk error while taking the lock (its record cannot be written on a full disk, say).
    if (!(err instanceof EditError) && (err as NodeJS.ErrnoException).code) throw fsEditError(err, 'save', `${job.file} (taking the workspace's write lock)`);
    throw err;
  }
  if (!result.ok) {
    const status = result.code === 'conflict' ? 409 : result.code === 'not-found' ? 404 : 422;
    const conflict =
      result.code === 'conflict' && result.target && result.current !== undefined ? { target: result.target, current: result.current, version: versionOfAny(result.target, result.current) } : undefined;
    throw new EditError(status, result.message, conflict, result.misread);
  }
  if (result.entry) {
    // The store reads the new file now, so whatever the client asks next already shows the edit.
    await w.store.apply?.([job.file]);
    w.bus?.publish({ type: 'record-edited', entry: result.entry });
  }
  return { changed: result.changed, records: result.records, entry: result.entry };
}

type Refusal = { status: 403 | 404; message: string } | { status: 409; problem: SaveProblem };

/** What refuses an edit of `file` before the lock is taken: --read-only, its branch folder missing or a link. */
async function refusalBeforeLock(w: Pick<EditWriter, 'gccDir' | 'store'>, file: string): Promise<Refusal | null> {
  if (w.store.workspace().readOnly) return { status: 403, message: 'gcc-studio runs with --read-only: edits are off' };
  const parts = file.split('/');
  if (parts[0] !== BRANCHES_DIR) return null;
  // Never write through a symlinked branches/ or branch folder (it could point anywhere).
  const folder = parts.slice(0, 2).join('/');
  const problem = await pathProblem(w.gccDir, folder);
  if (problem?.missing) return { status: 404, message: `no branch folder "${parts[1]}"` };
  return problem ? { status: 409, problem: { path: folder, reason: problem.message } } : null;
}

/**
 * Why a save of `file` would be refused now, in the words its refusal would use (null: it would be tried), asked
 * before an edit is offered; nothing is locked or written. --read-only and a missing branch are thrown, as an edit's.
 */
export async function saveProblem(w: Pick<EditWriter, 'gccDir' | 'store'>, file: string): Promise<SaveProblem | null> {
  const refusal = await refusalBeforeLock(w, file);
  if (refusal?.status === 409) return refusal.problem;
  if (refusal) throw new EditError(refusal.status, refusal.message);
  const reason = await writeProblem(w.gccDir, file);
  return reason ? { path: file, reason } : null;
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
