// How a hand edit is refused: the status the route answers with, for a conflict the record as it is now, for a
// value Contexa's readers would misread what each reads and the safe form; and how a file-system error becomes such
// a refusal, naming the file and what happened. Also the words for a record in such messages.
import type { ErrorResponse } from '../../shared/api.ts';
import type { EditConflictResponse, EditMisreadResponse, EditTarget } from '../../shared/gcc/write/edit.ts';
import type { MisreadReport } from '../../shared/gcc/dialects/misread.ts';
import { describeFsError } from '../fs/index.ts';
import { Refusal } from './refusal.ts';

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
