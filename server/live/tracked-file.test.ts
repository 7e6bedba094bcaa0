// A followed file read in small pieces, or at once, holds exactly what one parse of the whole file holds, on every corpus
// log and commit file, first read and appended alike.
import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { corpusBranchFiles } from '../test-support/corpus-branch-files.ts';
import type { ResumePoint } from '../../shared/gcc/read/chunk.ts';
import { parseCommits } from '../../shared/gcc/read/commits.ts';
import { parseLog } from '../../shared/gcc/read/log.ts';
import { commitsKeeper, logKeeper } from './format.ts';
import type { RecordKeeper } from './record-keepers.ts';
import { TrackedFile } from './tracked-file.ts';

const scratch = mkdtempSync(join(tmpdir(), 'gcc-tracked-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));


type AnyList = { readonly length: number; slice(from?: number): unknown[] };
const keeperFor = (path: string) => (path.endsWith('log.md') ? logKeeper('b') : commitsKeeper('b')) as unknown as RecordKeeper<ResumePoint, AnyList>;
/** One parse of the whole file, as the tracked file should hold it. */
function wholeParse(path: string, bytes: Uint8Array) {
  if (path.endsWith('log.md')) {
    const r = parseLog(bytes, { file: 'branches/b/log.md' });
    return { records: r.steps as unknown[], diagnostics: r.diagnostics, pending: r.pending, state: r.state as ResumePoint };
  }
  const r = parseCommits(bytes, { file: 'branches/b/commit.md', branch: 'b' });
  return { records: r.commits as unknown[], diagnostics: r.diagnostics, pending: r.pending, state: r.state as ResumePoint };
}
const wholeLog = (bytes: Uint8Array) => parseLog(bytes, { file: 'branches/main/log.md' });
const files = corpusBranchFiles(CORPUS).filter((p) => statSync(p).size < 2_000_000);

describe('TrackedFile in pieces', () => {
  it.each(files.map((p) => [relative(CORPUS, p), p]))('%s: pieces of 7 and 61 bytes, and the whole file at once, read what one parse reads', async (_, path) => {
    const whole = wholeParse(path, new Uint8Array(readFileSync(path)));
    // The default piece is larger than every corpus file: it is read at once (draftAtOnce), without the piece loop.
    for (const chunkBytes of [7, 61, undefined]) {
      const t = new TrackedFile(path, keeperFor(path), 'b/file', chunkBytes ? { chunkBytes, maxRecordBytes: 1 << 20 } : {});
      const change = await t.refresh();
      expect(change).toEqual(whole.records.length ? { kind: 'appended', from: 0, count: whole.records.length } : { kind: 'none' });
      expect(t.records.slice()).toEqual(whole.records);
      expect(t.diagnostics).toEqual([...whole.diagnostics, ...(whole.pending?.diagnostic ? [whole.pending.diagnostic] : [])]);
      expect(t.state).toEqual(whole.state);
    }
  });

  it('reads an append in pieces, and tells the appended records', async () => {
    const src = join(CORPUS, 'typescript', '.GCC', 'branches', 'main', 'log.md');
    const bytes = readFileSync(src);
    const path = join(scratch, 'append-log.md');
    const cut = bytes.indexOf('### Step 3 ');
    writeFileSync(path, bytes.subarray(0, cut));
    const t = new TrackedFile(path, logKeeper('main'), 'b/log.md', { chunkBytes: 13 });
    const first = await t.refresh();
    expect(first).toMatchObject({ kind: 'appended', from: 0 });
    const before = t.records.length;
    appendFileSync(path, bytes.subarray(cut));
    const change = await t.refresh();
    const whole = wholeLog(bytes);
    expect(change).toEqual({ kind: 'appended', from: before, count: whole.steps.length - before });
    expect(t.records.slice()).toEqual(whole.steps);
  });

  it('shows the old records until a rewrite is read whole, never a part of the new ones', async () => {
    const a = readFileSync(join(CORPUS, 'typescript', '.GCC', 'branches', 'main', 'log.md'));
    const b = readFileSync(join(CORPUS, 'python', '.GCC', 'branches', 'main', 'log.md'));
    const path = join(scratch, 'rewritten-log.md');
    writeFileSync(path, a);
    const t = new TrackedFile(path, logKeeper('main'), 'b/log.md', { chunkBytes: 7 });
    await t.refresh();
    const oldRecords = t.records;
    const oldSteps = oldRecords.slice();
    writeFileSync(join(scratch, 'next.md'), b);
    renameSync(join(scratch, 'next.md'), path);
    let done = false;
    const refreshing = t.refresh().then(() => (done = true));
    const seen = new Set<number>();
    while (!done) {
      seen.add(t.records === oldRecords ? -1 : t.records.length);
      await new Promise((r) => setImmediate(r));
    }
    await refreshing;
    const whole = wholeLog(new Uint8Array(b));
    expect(t.records.slice()).toEqual(whole.steps);
    // Only the old list, or the new one complete.
    for (const n of seen) expect([-1, whole.steps.length]).toContain(n);
    expect(seen.has(-1)).toBe(true);
    // The old records still decode from the bytes they were read from (a small file is held).
    expect(oldRecords.slice()).toEqual(oldSteps);
  });

  it('cuts short a run of bytes in which no record ends, keeps what came before, and says where', async () => {
    const src = join(CORPUS, 'typescript', '.GCC', 'branches', 'main', 'log.md');
    const path = join(scratch, 'holey-log.md');
    writeFileSync(path, readFileSync(src));
    const size = statSync(path).size;
    truncateSync(path, size + 5000); // a hole of NUL bytes, as a sparse file holds
    const t = new TrackedFile(path, logKeeper('main'), 'branches/main/log.md', { chunkBytes: 64, maxRecordBytes: 1024 });
    await t.refresh();
    // The last step's `---` is followed by NULs, not by an item: it stays open, as in one parse of the whole file.
    const whole = wholeLog(new Uint8Array(readFileSync(path)));
    expect(t.records.slice()).toEqual(whole.steps);
    expect(t.records.length).toBe(wholeLog(new Uint8Array(readFileSync(src))).steps.length - 1);
    const cut = t.diagnostics.find((d) => d.code === 'record-too-large');
    expect(cut).toMatchObject({ file: 'branches/main/log.md', severity: 'error' });
    expect(cut!.message).toContain(`after byte ${t.state!.consumed}`);
    expect(cut!.message).toBe(`No record ends in the 1024 bytes after byte ${t.state!.consumed} (line ${t.state!.line}); the remaining ${size + 5000 - t.state!.consumed} bytes of the file are not read.`);
  });

  it('does not read a file over the size limit, and says it is too large', async () => {
    const path = join(scratch, 'huge-log.md');
    writeFileSync(path, '');
    truncateSync(path, 300 * 2 ** 20);
    const t = new TrackedFile(path, logKeeper('main'), 'branches/main/log.md');
    expect(await t.refresh()).toEqual({ kind: 'none' });
    expect(t.records.length).toBe(0);
    expect(t.problem).toMatchObject({ missing: false, code: 'file-too-large' });
    expect(t.problem!.message).toMatch(/^is 300 MB \(314572800 bytes\), over the 256 MB gcc-studio reads of one file/);
    // Unchanged: one lstat, the same answer.
    expect(await t.refresh()).toEqual({ kind: 'none' });
    truncateSync(path, 0);
    await t.refresh();
    expect(t.problem).toBeNull();
  });
});

describe('TrackedFile read once (watched: false)', () => {
  it('reads what one parse reads, and reads the file whole again if asked once more', async () => {
    const src = join(CORPUS, 'typescript', '.GCC', 'branches', 'main', 'log.md');
    const bytes = readFileSync(src);
    const path = join(scratch, 'once-log.md');
    const cut = bytes.indexOf('### Step 3 ');
    writeFileSync(path, bytes.subarray(0, cut));
    const t = new TrackedFile(path, logKeeper('main'), 'b/log.md', { watched: false });
    expect(await t.refresh()).toMatchObject({ kind: 'appended', from: 0 });
    appendFileSync(path, bytes.subarray(cut));
    expect(await t.refresh()).toEqual({ kind: 'reloaded' });
    expect(t.records.slice()).toEqual(wholeLog(bytes).steps);
  });
});
