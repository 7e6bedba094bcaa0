// How a merge fails: refused before anything was written (MergeError, with the route's status), or failed while
// writing (MergeWriteError, with a report of what is on disk now).
import type { MergeFailureResponse, MergeWriteReport } from '../../shared/compare-api.ts';
import { Refusal } from './refusal.ts';

/** A refusal with the HTTP status the route answers with. */
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
