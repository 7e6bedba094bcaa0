// Which implementation's CONTEXT a branch shows, and that implementation's own reading of the branch's whole files,
// so its text is the implementation's byte for byte whatever the files hold.
import { join } from 'node:path';
import type { ContextDialect } from '../../shared/types.ts';
import { CONTEXT_DIALECTS } from '../../shared/types.ts';
import { readAsImplementation, type BranchBytes, type ImplementationRead } from '../../shared/gcc/dialects/implementation.ts';
import { BRANCHES_DIR, BRANCH_FILES, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import type { BranchEntry } from '../live/index.ts';
import type { GccSource } from '../fs/index.ts';

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
 * One reading per branch × dialect, kept while the branch's records, metadata and the roadmap stay as they were; when
 * the implementation raises instead, or reads nothing, that is said.
 *
 * Files over WHOLE_FILE_LIMIT are not re-read whole on every change (a 7.4 MB log takes 0.6-1 s to read whole, cold,
 * on a 2-core machine; a 2 MiB one 30-110 ms cold and 25-70 ms after an append): their CONTEXT is rebuilt record by
 * record from our lossless records (context-cache.ts, reader-tally.ts), which equals the implementation's where each
 * record is as its writer writes it, and the answer says which of the two readings it is.
 */
export class ImplementationReadings {
  private readonly readings = new Map<string, { key: string; roadmap: string; read: ImplementationRead }>();

  constructor(
    private readonly source: GccSource,
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
    const dir = join(this.source.root, BRANCHES_DIR, branch);
    const roadmap = this.plain(join(this.source.root, ROADMAP_FILE));
    const log = this.plain(join(dir, BRANCH_FILES.log));
    const commit = this.plain(join(dir, BRANCH_FILES.commit));
    const metadata = this.plain(join(dir, BRANCH_FILES.metadata));
    if (roadmap === TOO_BIG || log === TOO_BIG || commit === TOO_BIG || metadata === TOO_BIG) return null;
    return { roadmap, log, commit, metadata };
  }

  /**
   * A file's bytes; null when it is missing, is not a plain file, or a link is on the way; TOO_BIG when it is over
   * WHOLE_FILE_LIMIT (its size is looked at before anything is read).
   */
  private plain(path: string): Uint8Array | null | typeof TOO_BIG {
    const read = this.source.readSync(path, WHOLE_FILE_LIMIT);
    return read.ok ? read.bytes : read.tooLarge ? TOO_BIG : null;
  }

  dropBranch(name: string): void {
    for (const key of [...this.readings.keys()]) if (key.startsWith(`${name}\u0000`)) this.readings.delete(key);
  }
}
