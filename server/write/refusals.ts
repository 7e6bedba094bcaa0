// How a write is refused: each refusal carries the HTTP status and the body of its answer, which the app sends in one
// place (http/app.ts), whichever route threw it. Edits and merges refuse in their own words.
import type { ErrorResponse } from '../../shared/api.ts';
import type { MergeFailureResponse, MergeWriteReport } from '../../shared/compare-api.ts';
import type { MisreadReport } from '../../shared/gcc/dialects/misread.ts';
import type { EditConflictResponse, EditMisreadResponse, EditTarget } from '../../shared/gcc/write/edit.ts';
import { describeFsError } from '../fs/index.ts';

export class Refusal<Status extends number> extends Error {
  constructor(
    readonly status: Status,
    message: string,
  ) {
    super(message);
  }

  /** The answer's JSON: `{error}`, and what a refusal of its kind brings along. */
  body(): ErrorResponse {
    return { error: this.message };
  }
}

export type EditStatus = 400 | 403 | 404 | 409 | 422 | 500 | 503 | 507;

/** A refused edit: the route turns it into a response with this status (409 carries the record as it is now). */
export class EditError extends Refusal<EditStatus> {
  override name = 'EditError';
  constructor(
    status: EditStatus,
    message: string,
    readonly conflict?: { target: EditTarget; current: unknown; version: string },
    readonly misread?: MisreadReport,
  ) {
    super(status, message);
  }

  /** A conflict brings the record as it is now; a misread, what each Contexa reader would read. */
  override body(): EditConflictResponse | EditMisreadResponse | ErrorResponse {
    if (this.conflict) return { error: this.message, conflict: this.conflict };
    if (this.misread) return { error: this.message, misread: this.misread };
    return { error: this.message };
  }
}

/** The status a file-system error answers with: 507 for a full disk, 409 for a file whose state forbids it. */
export function fsErrorStatus(err: unknown): EditStatus {
  switch ((err as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 507;
    case 'EACCES':
    case 'EPERM':
    case 'EISDIR':
    case 'ENOTDIR':
    case 'EROFS':
    case 'ELOOP':
      return 409;
    default:
      return 500;
  }
}

/** A file-system error while `doing` (e.g. "save") `file`, as a refusal that says which file and what happened. */
export function fsEditError(err: unknown, doing: string, file: string, outcome = 'nothing was changed'): EditError {
  return new EditError(fsErrorStatus(err), `cannot ${doing} ${file}: ${describeFsError(err)}; ${outcome}`);
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

/** A merge refused before anything was written, with the status its answer has. */
export class MergeError extends Refusal<400 | 403 | 404 | 409 | 423 | 500 | 503 | 507> {
  override name = 'MergeError';
}

/** A merge that started writing and failed (a 500): `report` says what is on disk now. */
export class MergeWriteError extends Refusal<500> {
  override name = 'MergeWriteError';
  constructor(
    message: string,
    readonly report: MergeWriteReport[],
  ) {
    super(500, message);
  }

  override body(): MergeFailureResponse {
    return { error: this.message, report: this.report };
  }
}

/** An agent's write refused before anything was written (agent-writes.ts): one sentence, and the status it answers with. */
export class AgentWriteError extends Refusal<400 | 403 | 404 | 409 | 413 | 422 | 423 | 500 | 503 | 507> {
  override name = 'AgentWriteError';
}
