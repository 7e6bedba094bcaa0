// Re-reading a whole file after it changed, for the incremental parsers' tests: continue from the saved state when
// the bytes before it are unchanged, else parse whole. The live path does this on the file itself (tracked-file.ts).
import { bytesEqual } from '../read/bytes.ts';
import type { ResumePoint } from '../read/chunk.ts';
import { continueCommits, parseCommits, type CommitsParseOptions, type CommitsParseResult, type CommitsState } from '../read/commits.ts';
import { continueLog, parseLog, type LogParseResult, type LogState } from '../read/log.ts';

/**
 * Whether `file` (the whole current file) still holds the bytes a state was built from before its
 * `consumed` offset, judged by length and the fingerprint. If not, parse the file again from scratch.
 */
export function prefixUnchanged(state: ResumePoint, file: Uint8Array): boolean {
  if (file.length < state.consumed) return false;
  const fp = state.fingerprint;
  return bytesEqual(file.subarray(state.consumed - fp.length, state.consumed), fp);
}

/**
 * Re-reads a file after it changed, for any of the incremental parsers: continues from `state` when the bytes
 * before `state.consumed` are unchanged (judged by the fingerprint) and the continuation does not ask for a full
 * parse, else parses the file whole. `reparsed` says which happened.
 */
export function refreshParse<S extends ResumePoint, R extends { needsFullReparse: boolean }>(
  state: S,
  file: Uint8Array,
  resume: (state: S, tail: Uint8Array) => R,
  parseWhole: (file: Uint8Array) => R,
): R & { reparsed: boolean } {
  if (prefixUnchanged(state, file)) {
    const r = resume(state, file.subarray(state.consumed));
    if (!r.needsFullReparse) return { ...r, reparsed: false };
  }
  return { ...parseWhole(file), reparsed: true };
}

/**
 * Re-reads a log after it changed: continues from `state` when the bytes before `state.consumed` are
 * unchanged (judged by the fingerprint), else parses it whole. `reparsed` says which happened.
 */
export function refreshLog(state: LogState, file: Uint8Array): LogParseResult & { reparsed: boolean } {
  return refreshParse(state, file, continueLog, (bytes) => parseLog(bytes, { file: state.file, dialect: state.dialect }));
}

/** Like refreshLog: continue when the bytes before `consumed` are unchanged, else parse whole. */
export function refreshCommits(state: CommitsState, file: Uint8Array): CommitsParseResult & { reparsed: boolean } {
  const options: CommitsParseOptions = { file: state.file, dialect: state.dialect };
  if (state.givenBranch !== undefined) options.branch = state.givenBranch;
  return refreshParse(state, file, continueCommits, (bytes) => parseCommits(bytes, options));
}
