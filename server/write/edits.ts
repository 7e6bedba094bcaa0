// Performing a hand edit on disk: under the workspace's own write lock, read the file as it is now, splice the one
// record (shared/gcc/edit-*.ts refuses stale versions and text the dialect cannot hold), replace the file atomically,
// record the edit in the history, and let the store re-read the file before answering. Agents append between our
// edits at any moment; holding their lock for the whole read–change–write is what keeps every append.
import { randomUUID } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BranchMetadata, Commit, Dialect, OtaStep } from '../../shared/types.ts';
import {
  commitVersion,
  metadataVersion,
  stepVersion,
  type CommitEditRequest,
  type EditEntry,
  type EditResponse,
  type EditTarget,
  type MetadataEditRequest,
  type RecordChange,
  type RoadmapEditRequest,
  type RoadmapResponse,
  type StepEditRequest,
} from '../../shared/gcc/write/edit.ts';
import { editMetadata, type MetadataField } from '../../shared/gcc/write/edit-metadata.ts';
import { COMMIT_FIELDS, STEP_FIELDS, editCommits, editSteps, type CommitField, type EditFailure, type RecordEdit, type StepField } from '../../shared/gcc/write/edit-records.ts';
import { editRoadmap, roadmapParts, type RoadmapPart } from '../../shared/gcc/write/edit-roadmap.ts';
import { BRANCHES_DIR, ROADMAP_FILE, branchFilePath, branchNameProblem } from '../../shared/gcc/read/paths.ts';
import type { EventBus } from '../live/event-bus.ts';
import { createEditHistory, historyPathFor, type EditHistory } from './edit-history.ts';
import type { Store, WorkspaceView } from '../live/store.ts';
import { LockTimeoutError, withWorkspaceLock, writeFileAtomic } from './workspace-lock.ts';

/** A refused edit: the route turns it into a response with this status (409 carries the record as it is now). */
export class EditError extends Error {
  override name = 'EditError';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 503,
    message: string,
    readonly conflict?: { target: EditTarget; current: unknown; version: string },
  ) {
    super(message);
  }
}

export interface EditServiceDeps {
  gccDir: string;
  /** The live store: it names each branch's dialect and re-reads a file right after we replace it. */
  store: WorkspaceView & Partial<Pick<Store, 'apply'>>;
  /** When given, every saved edit is announced as a `record-edited` event. */
  bus?: Pick<EventBus, 'publish'>;
  history?: EditHistory;
  lockTimeoutMs?: number;
  now?: () => Date;
}

export interface EditService {
  readonly historyPath: string;
  editCommit(branch: string, index: number, request: CommitEditRequest): Promise<EditResponse<Commit>>;
  editStep(branch: string, index: number, request: StepEditRequest): Promise<EditResponse<OtaStep>>;
  editMetadata(branch: string, request: MetadataEditRequest): Promise<EditResponse<BranchMetadata>>;
  editRoadmap(index: number, request: RoadmapEditRequest): Promise<EditResponse<RoadmapPart>>;
  roadmap(): Promise<RoadmapResponse>;
  history(): Promise<EditEntry[]>;
  undo(id: string): Promise<EditResponse<unknown>>;
}

type Versioned<T> = T & { version: string };

/** What one locked operation does to one file. */
interface FileJob<T> {
  /** Relative to .GCC/. */
  file: string;
  dialect: Dialect;
  run(bytes: Uint8Array | null): { ok: true; bytes: Uint8Array; changed: boolean; changes: RecordChange[]; records: Versioned<T>[] } | EditFailure<T> & { target?: EditTarget };
}

function changedFields<F extends string>(fields: readonly F[], before: Record<F, string>, after: Record<F, string>): [Record<string, string>, Record<string, string>] {
  const b: Record<string, string> = {};
  const a: Record<string, string> = {};
  for (const f of fields) {
    if (before[f] !== after[f]) {
      b[f] = before[f];
      a[f] = after[f];
    }
  }
  return [b, a];
}

export function createEditService(deps: EditServiceDeps): EditService {
  const { gccDir, store } = deps;
  const history = deps.history ?? createEditHistory(historyPathFor(gccDir));
  const now = deps.now ?? (() => new Date());

  function refuseIfReadOnly(): void {
    if (store.workspace().readOnly) throw new EditError(403, 'gcc-studio runs with --read-only: edits are off');
  }

  /** The branch's dialect; 404 for a branch the store does not list (a symlinked folder is never listed). */
  function branchDialect(branch: string): Dialect {
    const problem = branchNameProblem(branch);
    if (problem) throw new EditError(400, problem);
    const b = store.branch(branch);
    if (!b) throw new EditError(404, `no branch "${branch}"`);
    return b.branch.dialect;
  }

  /** main.md is shared by every branch's writer: lock as the main branch's writer does. */
  function roadmapDialect(): Dialect {
    const branches = store.workspace().branches;
    return (branches.find((b) => b.name === 'main') ?? branches[0])?.dialect ?? 'unknown';
  }

  async function readOrNull(path: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(path));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async function perform<T>(job: FileJob<T>, undoes?: string): Promise<EditResponse<T>> {
    refuseIfReadOnly();
    const path = join(gccDir, job.file);
    const parts = job.file.split('/');
    if (parts[0] === BRANCHES_DIR) {
      // Never write through a symlinked branch folder (it could point anywhere).
      const dir = await lstat(join(gccDir, BRANCHES_DIR, parts[1]!)).catch(() => null);
      if (!dir || !dir.isDirectory()) throw new EditError(404, `no branch folder "${parts[1]}"`);
    }
    let result;
    try {
      result = await withWorkspaceLock(
        gccDir,
        job.dialect,
        async () => {
          const outcome = job.run(await readOrNull(path));
          if (!outcome.ok) return outcome;
          let entry: EditEntry | null = null;
          if (outcome.changed) {
            await writeFileAtomic(path, outcome.bytes);
            entry = { id: randomUUID(), at: now().toISOString(), file: job.file, changes: outcome.changes, ...(undoes ? { undoes } : {}) };
            await history.append(entry);
          }
          return { ...outcome, entry };
        },
        { timeoutMs: deps.lockTimeoutMs ?? 10_000 },
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
      await store.apply?.([job.file]);
      deps.bus?.publish({ type: 'record-edited', entry: result.entry });
    }
    return { changed: result.changed, records: result.records, entry: result.entry };
  }

  function commitJob(branch: string, edits: { index: number; version: string; fields: Partial<Record<CommitField, string>> }[]): FileJob<Commit> {
    const dialect = branchDialect(branch);
    const file = branchFilePath(branch, 'commit');
    return {
      file,
      dialect,
      run(bytes) {
        if (bytes === null) return { ok: false, code: 'not-found', message: `${file} does not exist` };
        const r = editCommits(bytes, { file, branch, dialect }, edits as RecordEdit<CommitField>[]);
        if (!r.ok) {
          const c = r.current;
          return { ...r, ...(c && r.index !== undefined ? { target: { kind: 'commit', branch, index: r.index, commitId: c.commitId } } : {}) };
        }
        const changes = edits.flatMap((e, i): RecordChange[] => {
          const [before, after] = changedFields(COMMIT_FIELDS, r.before[i]!, r.after[i]!);
          if (Object.keys(after).length === 0) return [];
          const target: EditTarget = { kind: 'commit', branch, index: e.index, commitId: r.after[i]!.commitId };
          return [{ target, before, after, versionBefore: commitVersion(r.before[i]!), versionAfter: commitVersion(r.after[i]!) }];
        });
        return { ok: true, bytes: r.bytes, changed: r.changed, changes, records: r.after.map((c) => ({ ...c, version: commitVersion(c) })) };
      },
    };
  }

  function stepJob(branch: string, edits: { index: number; version: string; fields: Partial<Record<StepField, string>> }[]): FileJob<OtaStep> {
    const dialect = branchDialect(branch);
    const file = branchFilePath(branch, 'log');
    return {
      file,
      dialect,
      run(bytes) {
        if (bytes === null) return { ok: false, code: 'not-found', message: `${file} does not exist` };
        const r = editSteps(bytes, { file, branch, dialect }, edits as RecordEdit<StepField>[]);
        if (!r.ok) {
          const s = r.current;
          return { ...r, ...(s && r.index !== undefined ? { target: { kind: 'step', branch, index: r.index, step: s.step } } : {}) };
        }
        const changes = edits.flatMap((e, i): RecordChange[] => {
          const [before, after] = changedFields(STEP_FIELDS, r.before[i]!, r.after[i]!);
          if (Object.keys(after).length === 0) return [];
          const target: EditTarget = { kind: 'step', branch, index: e.index, step: r.after[i]!.step };
          return [{ target, before, after, versionBefore: stepVersion(r.before[i]!), versionAfter: stepVersion(r.after[i]!) }];
        });
        return { ok: true, bytes: r.bytes, changed: r.changed, changes, records: r.after.map((s) => ({ ...s, version: stepVersion(s) })) };
      },
    };
  }

  function metadataJob(branch: string, request: MetadataEditRequest): FileJob<BranchMetadata> {
    const dialect = branchDialect(branch);
    const file = branchFilePath(branch, 'metadata');
    const target: EditTarget = { kind: 'metadata', branch };
    return {
      file,
      dialect,
      run(bytes) {
        const r = editMetadata(bytes, { file, dialect }, request);
        if (!r.ok) return { ...r, target };
        const fields: MetadataField[] = ['purpose', 'status'];
        const [before, after] = changedFields(fields, r.before[0]! as unknown as Record<MetadataField, string>, r.after[0]! as unknown as Record<MetadataField, string>);
        const changes: RecordChange[] = r.changed ? [{ target, before, after, versionBefore: metadataVersion(r.before[0]!), versionAfter: metadataVersion(r.after[0]!) }] : [];
        return { ok: true, bytes: r.bytes, changed: r.changed, changes, records: r.after.map((m) => ({ ...m, version: metadataVersion(m) })) };
      },
    };
  }

  function roadmapJob(index: number, request: RoadmapEditRequest): FileJob<RoadmapPart> {
    const target: EditTarget = { kind: 'roadmap', index };
    return {
      file: ROADMAP_FILE,
      dialect: roadmapDialect(),
      run(bytes) {
        if (bytes === null) return { ok: false, code: 'not-found', message: `${ROADMAP_FILE} does not exist` };
        const r = editRoadmap(bytes, { index, version: request.version, text: request.text });
        if (!r.ok) return { ...r, target };
        const b = r.before[0]!;
        const a = r.after[0]!;
        const changes: RecordChange[] = r.changed ? [{ target, before: { text: b.text }, after: { text: a.text }, versionBefore: b.version, versionAfter: a.version }] : [];
        return { ok: true, bytes: r.bytes, changed: r.changed, changes, records: r.after };
      },
    };
  }

  return {
    historyPath: history.path,

    async editCommit(branch, index, request) {
      const edits = [{ index, version: request.version, fields: request.fields }];
      const contribution = request.fields.thisCommitContribution;
      if (request.carryToNext && contribution !== undefined) {
        // Contexa fills a commit's Previous Progress Summary from the previous contribution: keep the chain whole.
        edits.push({ index: index + 1, version: request.carryToNext.version, fields: { previousProgressSummary: contribution } });
      }
      // `commitId` needs no check of its own: the version covers it, so a commit at another position is a 409.
      return perform(commitJob(branch, edits));
    },

    editStep: (branch, index, request) => perform(stepJob(branch, [{ index, version: request.version, fields: request.fields }])),

    editMetadata: (branch, request) => perform(metadataJob(branch, request)),

    editRoadmap: (index, request) => perform(roadmapJob(index, request)),

    async roadmap() {
      const bytes = await readOrNull(join(gccDir, ROADMAP_FILE));
      return { parts: bytes === null ? [] : roadmapParts(bytes) };
    },

    history: () => history.list(),

    async undo(id) {
      const entry = await history.find(id);
      if (!entry) throw new EditError(404, `no edit "${id}" in the history`);
      if (entry.undoes) throw new EditError(422, 'an undo cannot itself be undone; edit the record again instead');
      const entries = await history.list();
      if (entries.some((e) => e.undoes === id)) throw new EditError(409, 'this edit was already undone');
      const first = entry.changes[0];
      if (!first) throw new EditError(422, 'this history entry changed nothing');
      const reverts = entry.changes.map((c) => ({ version: c.versionAfter, fields: c.before, target: c.target }));
      const t = first.target;
      try {
        switch (t.kind) {
          case 'commit':
            return await perform(commitJob(t.branch, reverts.map((r) => ({ index: (r.target as { index: number }).index, version: r.version, fields: r.fields }))), id);
          case 'step':
            return await perform(stepJob(t.branch, reverts.map((r) => ({ index: (r.target as { index: number }).index, version: r.version, fields: r.fields }))), id);
          case 'metadata':
            return await perform(metadataJob(t.branch, { version: first.versionAfter, fields: first.before }), id);
          case 'roadmap':
            return await perform(roadmapJob(t.index, { version: first.versionAfter, text: first.before.text ?? '' }), id);
        }
      } catch (err) {
        if (err instanceof EditError && err.status === 409) {
          throw new EditError(409, `${describeTarget(t)} changed since this edit; undo is no longer possible. ${err.message}`, err.conflict);
        }
        throw err;
      }
    },
  };
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

export function describeTarget(t: EditTarget): string {
  switch (t.kind) {
    case 'commit':
      return `Commit ${t.commitId} on ${t.branch}`;
    case 'step':
      return `Step ${t.step} (#${t.index + 1}) on ${t.branch}`;
    case 'metadata':
      return `The metadata of ${t.branch}`;
    case 'roadmap':
      return t.index === 0 ? 'The roadmap' : `Roadmap section ${t.index}`;
  }
}
