// What a user may name as a moment: an ISO 8601 time with its offset, or a record (`B@step:N`, `B@commit:N`).
import { isoKey, type TimeKey } from '../read/time-key.ts';

export type Moment =
  | { kind: 'time'; text: string; key: TimeKey }
  | { kind: 'record'; text: string; branch: string; file: 'step' | 'commit'; position: number };

/** A moment that cannot be used, with the reason in one line (the API's 400, the command line's exit 2). */
// `B@step:N` is just after the N-th step (1-based position in the file) of branch B's log, `B@commit:N` just after its
// N-th commit. Parsing is pure text; resolving a record moment to its time needs the workspace (memory-at.ts).
export class MomentError extends Error {
  override readonly name = 'MomentError';
}

const RECORD = /^(.+)@(step|commit):(.*)$/;
const LOOKS_ISO = /^\d{4}-\d\d-\d\d/;

export function parseMoment(input: string): Moment {
  const text = input.trim();
  if (text === '') throw new MomentError('empty moment: give an ISO 8601 time (2026-12-02T13:58:05Z) or B@step:N or B@commit:N');
  const record = RECORD.exec(text);
  if (record) {
    const [, branch, file, n] = record as unknown as [string, string, 'step' | 'commit', string];
    if (!/^[1-9]\d*$/.test(n)) throw new MomentError(`moment "${text}": the ${file} position must be a whole number from 1 (got "${n}")`);
    const position = Number(n);
    if (!Number.isSafeInteger(position)) throw new MomentError(`moment "${text}": ${n} is too large`);
    return { kind: 'record', text, branch, file, position };
  }
  if (LOOKS_ISO.test(text)) {
    if (!/[Tt ]\d\d:\d\d:\d\d/.test(text)) throw new MomentError(`moment "${text}": give a time of day with seconds (2026-12-02T13:58:05Z)`);
    if (!/(?:Z|z|[+-]\d\d:?\d\d)$/.test(text)) throw new MomentError(`moment "${text}": give an offset (Z or +HH:MM), a time without one names no instant`);
    const key = isoKey(text);
    if (!key) throw new MomentError(`moment "${text}" is not a valid ISO 8601 time`);
    return { kind: 'time', text, key };
  }
  throw new MomentError(`moment "${text}" is neither an ISO 8601 time (2026-12-02T13:58:05Z) nor B@step:N nor B@commit:N`);
}
