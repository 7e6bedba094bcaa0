// A branch entry on its own, over the python corpus's main branch: what its summary and diagnostics say once its
// files are read, and how its newest timestamp follows the records.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { BranchEntry, inFolder, timedCommits } from './branch-entry.ts';
import type { Commit } from '../../shared/types.ts';
import { compareTime, timestampKey } from '../../shared/gcc/read/time-key.ts';
import { seededRandom } from '../../shared/gcc/test-support/fuzz-inputs.ts';

afterEach(removeTempCorpusCopies);

async function readMain(): Promise<{ b: BranchEntry; dir: string }> {
  const { gccDir } = tempCorpusCopy('python');
  const dir = join(gccDir, 'branches', 'main');
  const b = new BranchEntry('main', dir);
  await Promise.all([b.log.refresh(), b.commits.refresh()]);
  return { b, dir };
}

/** Records with only a timestamp, as noteTimestamps reads them. */
const timed = (records: { timestamp: string }[]) => timedCommits(records as Commit[]);

describe('BranchEntry', () => {
  it('sums up its records: counts, and the newest timestamp of either file', async () => {
    const { b } = await readMain();
    expect(b.summary()).toMatchObject({ name: 'main', stepCount: 9, commitCount: 3, dialect: 'unknown', metadata: null, lastActivity: null });
    b.recomputeNewest();
    // The last commit is newer than the last step.
    expect(b.summary().lastActivity).toBe('2026-12-02T13:58:19.016190+00:00');
    expect(b.diagnostics()).toEqual([]);
  });

  it('keeps the newest timestamp when older ones are noted, and takes a newer one', async () => {
    const { b } = await readMain();
    b.recomputeNewest();
    b.noteTimestamps(timed([{ timestamp: '2026-12-02T13:58:03.590694+00:00' }, { timestamp: 'not a time' }]));
    expect(b.newest?.ts).toBe('2026-12-02T13:58:19.016190+00:00');
    b.noteTimestamps(timed([{ timestamp: '2026-12-03T09:00:00.000001+00:00' }]));
    expect(b.newest?.ts).toBe('2026-12-03T09:00:00.000001+00:00');
    b.recomputeNewest();
    expect(b.newest?.ts).toBe('2026-12-02T13:58:19.016190+00:00');
  });

  it('reports a file it cannot read, but not one that is missing', async () => {
    const { b, dir } = await readMain();
    rmSync(join(dir, 'commit.md'));
    rmSync(join(dir, 'log.md'));
    mkdirSync(join(dir, 'log.md'));
    await Promise.all([b.log.refresh(), b.commits.refresh()]);
    expect(b.summary()).toMatchObject({ stepCount: 0, commitCount: 0 });
    expect(b.diagnostics()).toEqual([{ file: 'branches/main/log.md', line: 0, severity: 'error', code: 'unreadable-file', message: 'is not a regular file' }]);
  });
});

describe('BranchEntry.noteTimestamps', () => {
  // Whatever the texts, the first of the newest by timestampKey's order.
  it('picks the newest exactly as the full comparison does, across layouts, zones and rolled-over dates', () => {
    const texts = [
      '2026-12-02T13:58:03.590694+00:00', '2026-12-02T13:58:19.016190+00:00', '2026-12-02T14:58:19.016190+01:00',
      '2026-12-02T13:58:19Z', '2026-12-02T13:58:19.5Z', '2026-12-02T13:58:19.016Z', '2026-02-29T10:00:00.000Z',
      '2026-03-01T05:00:00.000Z', '2024-02-29T10:00:00.000Z', '2024-03-01T05:00:00.000Z', '2026-02-30T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z', '2026-12-31T23:59:60.000Z', 'not a time', '', '2026-0:-01T00:00:00.000Z',
      '2026-12-02T13:58:19.016190-05:00', '2027-01-01T00:00:00.000Z',
    ];
    const next = seededRandom(7);
    for (let round = 0; round < 400; round++) {
      const picked: { timestamp: string }[] = [];
      for (let i = 0; i < 6; i++) picked.push({ timestamp: texts[Math.floor(next() * texts.length)]! });
      const b = new BranchEntry('x', '/nonexistent');
      b.noteTimestamps(timed(picked.slice(0, 3)));
      b.noteTimestamps(timed(picked.slice(3)));
      let best: { ts: string; key: [number, number] } | null = null;
      for (const { timestamp } of picked) {
        const key = timestampKey(timestamp);
        if (key && (!best || compareTime(key, best.key) > 0)) best = { ts: timestamp, key };
      }
      expect(b.newest?.ts ?? null, JSON.stringify(picked)).toBe(best?.ts ?? null);
    }
  });
});

describe('timedCommits', () => {
  // The first of the newest by timestampKey, however the texts mix: every text read for its key (TextTimeKeys).
  it('finds the index the keys give, on mixed shapes, zones, widths, rolled-over dates and short years', () => {
    const next = seededRandom(3);
    const random = (n: number): number => Math.floor(next() * n);
    const two = (n: number) => String(n).padStart(2, '0');
    const pick = <T>(xs: readonly T[]): T => xs[random(xs.length)]!;
    for (let round = 0; round < 4000; round++) {
      // One shape and year a round, mostly, so that same shapes meet, with dates near a month's end.
      const shape = { year: pick(['2026', '2024', '0099', '1999']), fraction: pick(['', '.5', '.016', '.016190', '.1234567891']), zone: pick(['Z', '+00:00', '+01:00', '', 'z']) };
      // Around a month's end (a date past it rolls over into the next month), or anywhere.
      const dates = pick([[[2, 28], [2, 29], [3, 1]], [[4, 30], [4, 31], [5, 1]], [[12, 31], [13, 1], [1, 1]], null]);
      const stamp = (): string => {
        const odd = random(5) === 0;
        const year = odd ? pick(['2026', '2024', '0099', '1000']) : shape.year;
        const [m, d] = dates ? pick(dates) : [pick([1, 2, 3, 4, 12, 13, 0]), pick([1, 28, 29, 30, 31, 0])];
        const month = two(m!);
        const day = two(d!);
        const time = `${two(pick([0, 5, 23, 24]))}:${two(pick([0, 59, 60]))}:${two(pick([0, 30, 60]))}`;
        return `${year}-${month}-${day}T${time}${odd ? pick(['', '.5', '.016190']) : shape.fraction}${odd ? pick(['Z', '+00:00', '-05:30']) : shape.zone}`;
      };
      const texts = Array.from({ length: 1 + random(12) }, stamp);
      const after = random(3) === 0 ? timestampKey(stamp()) : null;
      let want = -1;
      let wantKey = after;
      texts.forEach((t, i) => {
        const key = timestampKey(t);
        if (key && (!wantKey || compareTime(key, wantKey) > 0)) {
          want = i;
          wantKey = key;
        }
      });
      const records = timed(texts.map((timestamp) => ({ timestamp })));
      expect(records.newestIndex(0, texts.length, after), JSON.stringify({ texts, after })).toBe(want);
    }
  });
});

describe('inFolder', () => {
  // The read-ahead's slots are looked up by the path (read-ahead.ts slotOf): one character apart, a file is read twice.
  it('spells a branch file\'s path as join does, for a listing\'s folders, the root and no folder', () => {
    for (const root of ['/work/p/.GCC', '/', '', 'rel/.GCC', '/a b/ünï/.GCC']) {
      const dir = join(root, 'branches', 'feat-x.1');
      for (const file of ['log.md', 'commit.md', 'metadata.yaml']) expect(inFolder(dir, file)).toBe(join(dir, file));
    }
    expect(inFolder('/', 'log.md')).toBe(join('/', 'log.md'));
    expect(inFolder('', 'log.md')).toBe(join('', 'log.md'));
  });
});

