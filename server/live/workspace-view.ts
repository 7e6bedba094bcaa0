// What the routes read, answered from a workspace model: the live store's answers and a one-shot read's are the same.
import type { BranchResponse, ContextResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import type { StepList } from '../../shared/gcc/read/step-list.ts';
import type { BranchMetadata, Commit, ContextDialect, Diagnostic, Dialect } from '../../shared/types.ts';
import { ContextCache, contextAnswer, contextReading, type ContextParts, type ContextReading, type ImplementationReadings } from '../context/index.ts';
import type { BranchEntry } from './branch-entry.ts';
import type { VersionRecords } from './version-records.ts';
import type { WorkspaceModel, WorkspaceShown } from './workspace-model.ts';

/** What the routes read. */
export interface WorkspaceView {
  workspace(): WorkspaceResponse;
  branch(name: string): BranchResponse | null;
  steps(name: string, from: number, limit: number): StepsPage | null;
  /** The branch's steps as a list that decodes what is asked of it (search looks in its bytes): no copy. */
  stepList(name: string): StepList | null;
  /**
   * `dialect` null: the branch's detected writer, else python (the answer says it is a fallback). Waits for the counts.
   * `lossless`: also render what gcc-studio's own reader sees (always given when the implementation raises or reads nothing).
   */
  context(name: string, k: number, dialect: ContextDialect | null, lossless?: boolean): Promise<ContextResponse | null>;
  /** The same answer without token counts (the one-shot `context` command). */
  contextText(name: string, k: number, dialect: ContextDialect | null, lossless?: boolean): ContextReading | null;
}

/** A view whose records time travel can cut at a moment (travel/time-travel.ts). */
export interface RecordsView extends WorkspaceView {
  readonly revision: number;
  /** The records as held now (the same arrays, no copies). */
  records(): StoreRecords;
}

export interface StoreRecords {
  roadmap: string;
  branches: {
    name: string;
    metadata: BranchMetadata | null;
    dialect: Dialect;
    steps: StepList;
    commits: readonly Commit[];
    /** log.md's modification time when it was last read (null: never read). */
    logModifiedMs: number | null;
    /** Moves with every change to its steps or commits (BranchNow.version). */
    version: string;
  }[];
  diagnostics: Diagnostic[];
}

/**
 * The CONTEXT views of a model's branches: each implementation's CONTEXT is rendered from its own reading of the
 * branch's whole files when they are small enough to re-read (implementation-context.ts), else record by record.
 */
export function contextCacheOver(readings: ImplementationReadings, model: WorkspaceModel): ContextCache {
  return new ContextCache(undefined, (b, dialect) => {
    const read = readings.reading(b, dialect, model.roadmap);
    return read?.ok ? read.input : null;
  });
}

export function modelView(model: WorkspaceModel, parts: Omit<ContextParts, 'roadmap'>, shown: () => WorkspaceShown): RecordsView {
  const answerParts = (): ContextParts => ({ ...parts, roadmap: model.roadmap });
  return {
    get revision() {
      return shown().revision;
    },
    workspace: () => model.workspace(shown()),
    branch: (name) => model.branch(name),
    steps: (name, from, limit) => model.steps(name, from, limit),
    stepList: (name) => model.branches.get(name)?.log.records ?? null,
    records: () => ({
      roadmap: model.roadmap,
      // Records are parsed when a caller reads them: a sleeping branch nobody reads stays asleep.
      branches: model.sortedBranches().map((b) => new BranchRecords(b)),
      diagnostics: model.allDiagnostics(),
    }),
    async context(name, k, requested, lossless = false) {
      const b = model.branches.get(name);
      return b ? contextAnswer(b, k, requested, answerParts(), lossless) : null;
    },
    contextText(name, k, requested, lossless = false) {
      const b = model.branches.get(name);
      return b ? contextReading(b, k, requested, answerParts(), lossless) : null;
    },
  };
}

/**
 * A branch's records as of `records()`: its steps and commits parsed when a caller reads them, so a sleeping branch
 * nobody reads stays asleep. A class: the change record holds one a branch for as long as the server runs, and an
 * object with getters of its own cost ~1 KB a branch (5 MB on 5,000).
 */
class BranchRecords {
  readonly name: string;
  readonly metadata: BranchMetadata | null;
  readonly dialect: Dialect;
  readonly logModifiedMs: number | null;
  readonly version: string;
  private readonly stepsNow: VersionRecords<StepList>;
  private readonly commitsNow: VersionRecords<readonly Commit[]>;

  constructor(b: BranchEntry) {
    this.name = b.name;
    this.metadata = b.meta?.metadata ?? null;
    this.dialect = b.dialect;
    this.logModifiedMs = b.log.stamp?.mtimeMs ?? null;
    this.version = `${b.serial}.${b.version}`;
    this.stepsNow = b.log.recordsNow();
    this.commitsNow = b.commits.recordsNow();
  }

  get steps(): StepList {
    return this.stepsNow.get();
  }

  get commits(): readonly Commit[] {
    return this.commitsNow.get();
  }
}
