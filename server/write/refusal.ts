// A write that is refused, carrying the HTTP status its route answers with: hand edits and merges refuse this way,
// each with its own error name and statuses.
export class Refusal<Status extends number> extends Error {
  constructor(
    readonly status: Status,
    message: string,
  ) {
    super(message);
  }
}
