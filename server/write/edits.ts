// The hand-edit service the routes call: a commit's, a step's, a branch's metadata or a roadmap section, and undo. Agents
// append between our edits at any moment; holding their lock for the whole read–change–write keeps every append.
import type { BranchMetadata, Commit, OtaStep } from '../../shared/types.ts';
import type { CommitEditRequest, EditEntry, EditResponse, MetadataEditRequest, MetadataWriteCheckResponse, RoadmapEditRequest, RoadmapResponse, StepEditRequest } from '../../shared/gcc/write/edit.ts';
import { roadmapParts, type RoadmapPart } from '../../shared/gcc/write/edit-roadmap.ts';
import type { CommitField, RecordEdit } from '../../shared/gcc/write/edit-records.ts';
import { branchFilePath, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import type { EventBus, Store, WorkspaceView } from '../live/index.ts';
import { createEditHistory, historyPathFor, type EditHistory } from './edit-history.ts';
import { editJobs } from './edit-jobs.ts';
import { performEdit, readOrNull, saveProblem, type Perform } from './edit-perform.ts';
import { undoEdit } from './edit-undo.ts';


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
  /** Whether editMetadata could save now; asked before a change is offered, it writes nothing. */
  metadataWriteCheck(branch: string): Promise<MetadataWriteCheckResponse>;
  editRoadmap(index: number, request: RoadmapEditRequest): Promise<EditResponse<RoadmapPart>>;
  roadmap(): Promise<RoadmapResponse>;
  history(): Promise<EditEntry[]>;
  undo(id: string): Promise<EditResponse<unknown>>;
}

export function createEditService(deps: EditServiceDeps): EditService {
  const { gccDir, store } = deps;
  const history = deps.history ?? createEditHistory(historyPathFor(gccDir));
  const now = deps.now ?? (() => new Date());
  const perform: Perform = (job, undoes) => performEdit({ gccDir, store, bus: deps.bus, history, lockTimeoutMs: deps.lockTimeoutMs, now }, job, undoes);
  const jobs = editJobs(store);

  return {
    historyPath: history.path,

    async editCommit(branch, index, request) {
      const edits: RecordEdit<CommitField>[] = [{ index, version: request.version, identity: request.commitId, fields: request.fields }];
      const contribution = request.fields.thisCommitContribution;
      if (request.carryToNext && contribution !== undefined) {
        // Contexa fills a commit's Previous Progress Summary from the previous contribution: keep the chain whole.
        edits.push({ index: index + 1, version: request.carryToNext.version, fields: { previousProgressSummary: contribution } });
      }
      return perform(jobs.commit(branch, edits));
    },

    editStep: (branch, index, request) => perform(jobs.step(branch, [{ index, version: request.version, identity: String(request.step), fields: request.fields }])),

    editMetadata: (branch, request) => perform(jobs.metadata(branch, request)),

    async metadataWriteCheck(branch) {
      const file = branchFilePath(branch, 'metadata');
      return { file, problem: await saveProblem({ gccDir, store }, file) };
    },

    editRoadmap: (index, request) => perform(jobs.roadmap(index, request)),

    async roadmap() {
      const bytes = await readOrNull(gccDir, ROADMAP_FILE);
      return { parts: bytes === null ? [] : roadmapParts(bytes) };
    },

    history: () => history.list(),

    undo: (id) => undoEdit(id, history, jobs, perform),
  };
}

