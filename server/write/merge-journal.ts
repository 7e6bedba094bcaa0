// The merge's intent record, written before a merge writes anything, so that a crash mid-merge is never left half
// written.
import { createHash, randomUUID } from 'node:crypto';
import { lstat, mkdir, readFile, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MergeDialect, MergePlan } from '../../shared/gcc/write/merge-plan.ts';
import { readInside } from '../fs/index.ts';
import { appendFileDurable, writeFileAtomic } from './atomic-write.ts';
import { HISTORY_DIR } from './edit-history.ts';

export const INTENT_FILE = 'merge-intent.json';
export const PROGRESS_FILE = 'merge-progress';

export interface IntentWrite {
  file: string;
  kind: MergePlan['writes'][number]['kind'];
  mode: 'append' | 'replace';
  baseSize: number;
  /** The planned bytes (base64): an append's are compared with what follows baseSize. */
  bytes: string;
  sha256: string;
  /** For an append: the hash of the file's first baseSize bytes, which must still be there to judge the rest. */
  baseSha256?: string;
  /** For an append: the file did not exist before (main.md): taking the append back removes it. */
  created?: true;
  /** For a replace: the file before it (base64), to put back. */
  previous?: string;
}

export interface MergeIntent {
  version: 1;
  id: string;
  at: string;
  source: string;
  target: string;
  dialect: MergeDialect;
  commitId: string;
  writes: IntentWrite[];
  /** Set when this record is of an undo: the id of the merge (merge-history.ts) whose writes it takes back. */
  undoes?: string;
}

/** Where the intent record of a .GCC/ folder lives. */
export function intentPathFor(gccDir: string): string {
  return join(dirname(gccDir), HISTORY_DIR, INTENT_FILE);
}

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
export const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The record of a planned merge; `before` gives each file's bytes as the plan read them. */
export function intentOf(p: MergePlan, before: (file: string) => Uint8Array | null, now: Date): MergeIntent {
  return {
    version: 1,
    id: randomUUID(),
    at: now.toISOString(),
    source: p.source,
    target: p.target,
    dialect: p.dialect,
    commitId: p.commit.commitId,
    writes: p.writes.map((w) => {
      const was = before(w.file);
      const kept =
        w.mode === 'replace' ? (was ? { previous: b64(was) } : {}) : { baseSha256: sha256((was ?? new Uint8Array()).subarray(0, w.baseSize)), ...(was ? {} : { created: true as const }) };
      return { file: w.file, kind: w.kind, mode: w.mode, baseSize: w.baseSize, bytes: b64(w.bytes), sha256: sha256(w.bytes), ...kept };
    }),
  };
}

function isIntent(v: unknown): v is MergeIntent {
  const i = v as Partial<MergeIntent> | null;
  return typeof i === 'object' && i !== null && i.version === 1 && typeof i.source === 'string' && typeof i.target === 'string' && Array.isArray(i.writes);
}

/** Our own folder beside .GCC/, never reached through a link (the record must not be written elsewhere). */
async function ownFolder(gccDir: string): Promise<string> {
  const dir = join(dirname(gccDir), HISTORY_DIR);
  await mkdir(dir, { recursive: true });
  if ((await lstat(dir)).isSymbolicLink()) throw new Error(`${dir} is a symbolic link; gcc-studio keeps its records only in a real folder`);
  return dir;
}

/** A merge that did not finish, and the last of its writes that was started (-1: none). */
export interface PendingMerge {
  intent: MergeIntent;
  started: number;
}

export interface MergeJournal {
  readonly path: string;
  /** The record of a merge that did not finish; null when there is none. Throws when it cannot be read. */
  pending(): Promise<PendingMerge | null>;
  /** Writes the record (flushed) before the first write of a merge. */
  begin(intent: MergeIntent): Promise<void>;
  /** Notes (flushed) that write number `index` of the plan starts now. */
  starting(index: number): Promise<void>;
  /** Removes it once the merge is done or undone. */
  clear(): Promise<void>;
}

const removeIfThere = (path: string) => unlink(path).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? undefined : Promise.reject(err)));

/**
 * What the merge is about to write goes to <the folder holding .GCC/>/.gcc-studio/merge-intent.json, flushed, and before
 * each write its number is appended to merge-progress (so a write that never started is known as such); both go once
 * every write is done. After a crash each file is judged against the record (merge-recovery.ts); a part that is neither
 * as planned nor as before is never guessed at: the record stays, the doctor and the compare view report it, and a new
 * merge is refused until someone resolves it.
 */
export function mergeJournal(gccDir: string): MergeJournal {
  const path = intentPathFor(gccDir);
  const progress = join(dirname(path), PROGRESS_FILE);
  return {
    path,
    async pending() {
      const read = await readInside(dirname(dirname(path)), `${HISTORY_DIR}/${INTENT_FILE}`);
      if (!read.ok) {
        if (read.missing) return null;
        throw new Error(`${path} ${read.message}`);
      }
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder().decode(read.bytes));
      } catch {
        throw new Error(`${path} is not a merge record gcc-studio can read (torn or edited by hand)`);
      }
      if (!isIntent(value)) throw new Error(`${path} is not a merge record gcc-studio can read`);
      const marks = await readFile(progress, 'utf8').catch(() => '');
      const started = Math.max(-1, ...marks.split('\n').filter((l) => /^\d+$/.test(l)).map(Number));
      return { intent: value, started };
    },
    async begin(intent) {
      await ownFolder(gccDir);
      await removeIfThere(progress);
      await writeFileAtomic(path, `${JSON.stringify(intent)}\n`);
    },
    starting: (index) => appendFileDurable(progress, `${index}\n`),
    async clear() {
      // The record first: a crash between the two leaves only marks, which the next merge's begin() removes.
      await removeIfThere(path);
      await removeIfThere(progress);
    },
  };
}
