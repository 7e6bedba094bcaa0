// How a hand edit is refused: the status the route answers with, and for a conflict the record as it is now. Also
// the words for a record in such messages.
import type { EditTarget } from '../../shared/gcc/write/edit.ts';
import { Refusal } from './refusal.ts';

/** A refused edit: the route turns it into a response with this status (409 carries the record as it is now). */
export class EditError extends Refusal<400 | 403 | 404 | 409 | 422 | 503> {
  override name = 'EditError';
  constructor(
    status: 400 | 403 | 404 | 409 | 422 | 503,
    message: string,
    readonly conflict?: { target: EditTarget; current: unknown; version: string },
  ) {
    super(status, message);
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
