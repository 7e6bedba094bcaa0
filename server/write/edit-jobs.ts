// What each kind of hand edit does to its file (a commit, a step, a branch's metadata, a roadmap section), as a job for
// the locked write in edit-perform.ts.
import type { BranchMetadata, Commit, Dialect, OtaStep } from '../../shared/types.ts';
import {
  commitVersion,
  metadataVersion,
  stepVersion,
  type EditTarget,
  type MetadataEditRequest,
  type RecordChange,
  type RoadmapEditRequest,
} from '../../shared/gcc/write/edit.ts';
import { editMetadata, type MetadataField } from '../../shared/gcc/write/edit-metadata.ts';
import {
  COMMIT_FIELDS,
  STEP_FIELDS,
  editCommits,
  editSteps,
  type CommitField,
  type EditFailure,
  type EditOutcome,
  type RecordEdit,
  type RecordFileOptions,
  type StepField,
} from '../../shared/gcc/write/edit-records.ts';
import { editRoadmap, type RoadmapPart } from '../../shared/gcc/write/edit-roadmap.ts';
import { ROADMAP_FILE, branchFilePath, branchNameProblem } from '../../shared/gcc/read/paths.ts';
import type { WorkspaceView } from '../live/index.ts';
import { mergedStatusRefusal } from './merged-branch.ts';
import { EditError } from './refusals.ts';

export type Versioned<T> = T & { version: string };

/** What one locked operation does to one file. */
export interface FileJob<T> {
  /** Relative to .GCC/. */
  file: string;
  dialect: Dialect;
  run(bytes: Uint8Array | null): { ok: true; bytes: Uint8Array; changed: boolean; changes: RecordChange[]; records: Versioned<T>[] } | EditFailure<T> & { target?: EditTarget };
}

/** The job of each kind of edit; building one looks up the dialect its file is written in (and refuses unknown branches). */
export interface EditJobs {
  commit(branch: string, edits: RecordEdit<CommitField>[]): FileJob<Commit>;
  step(branch: string, edits: RecordEdit<StepField>[]): FileJob<OtaStep>;
  metadata(branch: string, request: MetadataEditRequest): FileJob<BranchMetadata>;
  roadmap(index: number, request: RoadmapEditRequest): FileJob<RoadmapPart>;
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

/** A record file's kind of record: which file, which fields an edit may change, its version, how it is named. */
interface RecordKind<T extends Record<F, string>, F extends string> {
  file: 'commit' | 'log';
  fields: readonly F[];
  edit(bytes: Uint8Array, options: RecordFileOptions, edits: readonly RecordEdit<F>[]): EditOutcome<T>;
  version(record: T): string;
  target(branch: string, index: number, record: T): EditTarget;
}

const COMMITS: RecordKind<Commit, CommitField> = { file: 'commit', fields: COMMIT_FIELDS, edit: editCommits, version: commitVersion, target: (branch, index, c) => ({ kind: 'commit', branch, index, commitId: c.commitId }) };
const STEPS: RecordKind<OtaStep, StepField> = { file: 'log', fields: STEP_FIELDS, edit: editSteps, version: stepVersion, target: (branch, index, s) => ({ kind: 'step', branch, index, step: s.step }) };

function recordJob<T extends Record<F, string>, F extends string>(kind: RecordKind<T, F>, branch: string, dialect: Dialect, edits: RecordEdit<F>[]): FileJob<T> {
  const file = branchFilePath(branch, kind.file);
  return {
    file,
    dialect,
    run(bytes) {
      if (bytes === null) return { ok: false, code: 'not-found', message: `${file} does not exist` };
      const r = kind.edit(bytes, { file, branch, dialect }, edits);
      if (!r.ok) {
        const current = r.current;
        return { ...r, ...(current && r.index !== undefined ? { target: kind.target(branch, r.index, current) } : {}) };
      }
      const changes = edits.flatMap((e, i): RecordChange[] => {
        const [before, after] = changedFields(kind.fields, r.before[i]!, r.after[i]!);
        if (Object.keys(after).length === 0) return [];
        const target = kind.target(branch, e.index, r.after[i]!);
        return [{ target, before, after, versionBefore: kind.version(r.before[i]!), versionAfter: kind.version(r.after[i]!) }];
      });
      return { ok: true, bytes: r.bytes, changed: r.changed, changes, records: r.after.map((x) => ({ ...x, version: kind.version(x) })) };
    },
  };
}

function metadataJob(branch: string, dialect: Dialect, request: MetadataEditRequest): FileJob<BranchMetadata> {
  const file = branchFilePath(branch, 'metadata');
  const target: EditTarget = { kind: 'metadata', branch };
  return {
    file,
    dialect,
    run(bytes) {
      const r = editMetadata(bytes, { file, dialect }, request);
      if (!r.ok) return { ...r, target };
      const refused = mergedStatusRefusal(branch, r.before[0]!, r.after[0]!);
      if (refused) return { ok: false, code: 'unrepresentable', message: refused, target };
      const fields: MetadataField[] = ['purpose', 'status'];
      const [before, after] = changedFields(fields, r.before[0]! as unknown as Record<MetadataField, string>, r.after[0]! as unknown as Record<MetadataField, string>);
      const changes: RecordChange[] = r.changed ? [{ target, before, after, versionBefore: metadataVersion(r.before[0]!), versionAfter: metadataVersion(r.after[0]!) }] : [];
      return { ok: true, bytes: r.bytes, changed: r.changed, changes, records: r.after.map((m) => ({ ...m, version: metadataVersion(m) })) };
    },
  };
}

function roadmapJob(index: number, dialect: Dialect, request: RoadmapEditRequest): FileJob<RoadmapPart> {
  const target: EditTarget = { kind: 'roadmap', index };
  return {
    file: ROADMAP_FILE,
    dialect,
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

/** The jobs, with each file's dialect as the store tells it. */
/** A job turns the file's bytes as they are now into the new bytes, the history's record changes and the records as saved, or refuses. */
export function editJobs(store: WorkspaceView): EditJobs {
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

  return {
    commit: (branch, edits) => recordJob(COMMITS, branch, branchDialect(branch), edits),
    step: (branch, edits) => recordJob(STEPS, branch, branchDialect(branch), edits),
    metadata: (branch, request) => metadataJob(branch, branchDialect(branch), request),
    roadmap: (index, request) => roadmapJob(index, roadmapDialect(), request),
  };
}
