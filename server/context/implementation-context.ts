// Which implementation's CONTEXT a branch shows, and what that implementation reads from the branch's files: its
// summary() is rendered from its own reading of the whole files (shared/gcc/dialects/implementation.ts), so the text
// is the implementation's, byte for byte, whatever the files hold (hand edits, another writer's escapes, its own
// damage), and when it raises instead, or reads nothing, that is said. One reading per branch × dialect, kept while
// the branch's records, metadata and the roadmap stay as they were.
//
// Files over WHOLE_FILE_LIMIT are not re-read whole on every change (a 7.4 MB log takes 0.6-1 s to read whole, cold,
// on this project's 2-core machine; a 2 MiB one 30-110 ms cold and 25-70 ms after an append, whole-file.ts): their CONTEXT is rebuilt record by record from
// our lossless records (context-cache.ts, reader-tally.ts), which equals the implementation's where each record is
// as its writer writes it, and the answer says which of the two readings it is.
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContextDialect } from '../../shared/types.ts';
import { CONTEXT_DIALECTS } from '../../shared/types.ts';
import { readAsImplementation, type BranchBytes, type ImplementationRead } from '../../shared/gcc/dialects/implementation.ts';
import { BRANCHES_DIR, BRANCH_FILES, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import type { BranchEntry } from '../live/branch-entry.ts';

/** Above this many bytes of log.md and commit.md together, a branch is read record by record. */
export const WHOLE_FILE_LIMIT = 2 * 1024 * 1024;

export type DialectSource = 'requested' | 'detected' | 'fallback';

/** The dialect a branch's CONTEXT is shown in: the one asked for, else its detected writer, else Python (labelled). */
export function chooseDialect(b: BranchEntry, requested: ContextDialect | null): { dialect: ContextDialect; source: DialectSource } {
  if (requested) return { dialect: requested, source: 'requested' };
  if ((CONTEXT_DIALECTS as readonly string[]).includes(b.dialect)) return { dialect: b.dialect as ContextDialect, source: 'detected' };
  return { dialect: 'python', source: 'fallback' };
}

/** A file over WHOLE_FILE_LIMIT: the branch is then read record by record, never whole (a 1 GB main.md or log.md). */
const TOO_BIG = Symbol('too big');

/**
 * The bytes of a file inside .GCC/, or null when it is missing, is not a plain file, or a link is on the way; TOO_BIG
 * when it is over WHOLE_FILE_LIMIT (its size is looked at before anything is read).
 */
function readPlain(gccDir: string, rel: string): Uint8Array | null | typeof TOO_BIG {
  let at = gccDir;
  for (const part of rel.split('/')) {
    at = join(at, part);
    try {
      if (lstatSync(at).isSymbolicLink()) return null;
    } catch {
      return null;
    }
  }
  try {
    const st = lstatSync(at);
    if (!st.isFile()) return null;
    return st.size > WHOLE_FILE_LIMIT ? TOO_BIG : new Uint8Array(readFileSync(at));
  } catch {
    return null;
  }
}

export class ImplementationReadings {
  private readonly readings = new Map<string, { key: string; roadmap: string; read: ImplementationRead }>();

  constructor(
    private readonly gccDir: string,
    private readonly limit = WHOLE_FILE_LIMIT,
  ) {}

  /**
   * The implementation's reading of the branch's files, or null when they are too big to re-read whole (the caller
   * then renders record by record). `roadmap` is the store's main.md text: a change to it is a new reading.
   */
  reading(b: BranchEntry, dialect: ContextDialect, roadmap: string): ImplementationRead | null {
    const size = (b.log.stamp?.size ?? 0) + (b.commits.stamp?.size ?? 0);
    if (size > this.limit) return null;
    const cacheKey = `${b.name}\u0000${dialect}`;
    // The stamps too: a growing last block without its `---` changes no record, but the implementation reads it.
    const stamp = (s: { size: number; mtimeMs: number; ino: number } | null): string => (s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '-');
    const key = `${b.version}\u0000${stamp(b.log.stamp)}\u0000${stamp(b.commits.stamp)}\u0000${b.metaBytesKey}`;
    const cached = this.readings.get(cacheKey);
    if (cached && cached.key === key && cached.roadmap === roadmap) return cached.read;
    const files = this.files(b.name);
    if (!files) return null;
    const read = readAsImplementation(dialect, b.name, files);
    this.readings.set(cacheKey, { key, roadmap, read });
    return read;
  }

  /** The branch's files, or null when one is too big to read whole. */
  private files(branch: string): BranchBytes | null {
    const dir = `${BRANCHES_DIR}/${branch}`;
    const roadmap = readPlain(this.gccDir, ROADMAP_FILE);
    const log = readPlain(this.gccDir, `${dir}/${BRANCH_FILES.log}`);
    const commit = readPlain(this.gccDir, `${dir}/${BRANCH_FILES.commit}`);
    const metadata = readPlain(this.gccDir, `${dir}/${BRANCH_FILES.metadata}`);
    if (roadmap === TOO_BIG || log === TOO_BIG || commit === TOO_BIG || metadata === TOO_BIG) return null;
    return { roadmap, log, commit, metadata };
  }

  dropBranch(name: string): void {
    for (const key of [...this.readings.keys()]) if (key.startsWith(`${name}\u0000`)) this.readings.delete(key);
  }
}
