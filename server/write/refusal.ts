// A write that is refused, carrying the HTTP status and the body its answer has: the app answers every refusal in
// one place (http/app.ts), whichever route threw it.
import type { ErrorResponse } from '../../shared/api.ts';

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
