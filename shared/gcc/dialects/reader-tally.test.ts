// ReaderTally against the whole view read by the transcribed readers alone (no fast path, no cache): same counts,
// same last steps, same commits, and so the same CONTEXT text and token counts, on every corpus branch and on random
// logs appended to in random chunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../types.ts';
import { parseCommits } from '../read/commits.ts';
import { RENDER_DIALECTS, renderContext, type RenderDialect } from '../context/render.ts';
import { corpusFiles } from '../test-support/corpus.ts';
import { parseLog } from '../read/log.ts';
import { ReaderTally } from './reader-tally.ts';
import { readerView, transcribedReading } from './reader-view.ts';
import { exactCountsByK as tokenCountsByK } from '../context/count.ts';
import { TokenCountCache } from '../context/tokens.ts';

const json = (v: unknown): string => JSON.stringify(v);

/** readerView computed the slow way: every record through the transcribed reader. */
function referenceView(dialect: RenderDialect, records: { commits: readonly Commit[]; steps: readonly OtaStep[] }) {
  if (dialect === 'zig') return { commits: [...records.commits], steps: [...records.steps] };
  return {
    commits: records.commits.flatMap((c) => transcribedReading(dialect, { commit: c }) as Commit[]),
    steps: records.steps.flatMap((s) => transcribedReading(dialect, { step: s }) as OtaStep[]),
  };
}

const ROADMAP = '# Project Roadmap\n\nBuild it.\n';

function expectTallyMatches(tally: ReaderTally, dialect: RenderDialect, records: { commits: readonly Commit[]; steps: readonly OtaStep[] }, branch = 'main'): void {
  const ref = referenceView(dialect, records);
  expect(tally.stepCount(dialect)).toBe(ref.steps.length);
  expect(json(tally.commits(dialect))).toBe(json(ref.commits));
  expect(json(tally.recentSteps(dialect, 5))).toBe(json(ref.steps.slice(-5)));
  const tallied = tally.contextRecords(dialect);
  for (const k of [-1, 0, 1, 2, ref.commits.length, ref.commits.length + 1]) {
    expect(renderContext({ branch, k, roadmap: ROADMAP, ...tallied }, dialect)).toBe(renderContext({ branch, k, roadmap: ROADMAP, ...ref }, dialect));
  }
}

describe('ReaderTally = the whole transcribed view, on every corpus branch in every dialect', () => {
  const files = corpusFiles();
  const branches = new Map<string, { steps: OtaStep[]; commits: Commit[] }>();
  for (const f of files) {
    const key = f.path.slice(0, f.path.lastIndexOf('/'));
    const entry = branches.get(key) ?? { steps: [], commits: [] };
    if (f.kind === 'log') entry.steps = parseLog(f.bytes, { file: f.file, dialect: f.dialect }).steps;
    else entry.commits = parseCommits(f.bytes, { file: f.file, branch: f.branch, dialect: f.dialect }).commits;
    branches.set(key, entry);
  }

  it.each([...branches].map(([k, v]) => [k, v] as const))('%s', (_key, records) => {
    const tally = new ReaderTally();
    tally.sync(records);
    for (const dialect of RENDER_DIALECTS) expectTallyMatches(tally, dialect, records);
  });

  it.each([...branches].map(([k, v]) => [k, v] as const))('%s, appended one record at a time', (_key, records) => {
    const tally = new ReaderTally();
    const steps: OtaStep[] = [];
    const commits: Commit[] = [];
    const live = { steps, commits };
    const n = Math.max(records.steps.length, records.commits.length);
    for (let i = 0; i < n; i++) {
      if (i < records.steps.length) steps.push(records.steps[i]!);
      if (i < records.commits.length) commits.push(records.commits[i]!);
      tally.sync(live);
      // Asking some dialects only now and then: each catches up on what it missed.
      for (const dialect of RENDER_DIALECTS.filter((_, j) => (i + j) % 3 === 0)) expectTallyMatches(tally, dialect, live);
    }
    for (const dialect of RENDER_DIALECTS) expectTallyMatches(tally, dialect, live);
  });
});

describe('ReaderTally bookkeeping', () => {
  const range = { start: 0, end: 1 };
  const step = (i: number, over: Partial<OtaStep> = {}): OtaStep => ({
    step: i,
    timestamp: '2026-01-05T09:00:00.000Z',
    observation: `o${i}`,
    thought: 't',
    action: 'a',
    range,
    ...over,
  });

  it('a replaced list (a reload) is read again from its start', () => {
    const tally = new ReaderTally();
    const first = [step(1), step(2), step(3)];
    tally.sync({ commits: [], steps: first });
    expect(tally.stepCount('go')).toBe(3);
    const reloaded = [step(1), step(2, { observation: '', thought: '' })];
    tally.sync({ commits: [], steps: reloaded });
    expect(tally.stepCount('go')).toBe(1);
    expect(tally.stepCount('python')).toBe(2);
    expect(tally.recentSteps('go', 5).map((s) => s.step)).toEqual([1]);
  });

  it('the same list changed other than by push is read again (the record last seen moved)', () => {
    const tally = new ReaderTally();
    const steps = [step(1), step(2)];
    tally.sync({ commits: [], steps });
    expect(tally.stepCount('typescript')).toBe(2);
    steps[1] = step(2, { observation: 'a\n---\nb\n---\nc', thought: '' });
    steps.push(step(3));
    tally.sync({ commits: [], steps });
    expect(tally.stepCount('typescript')).toBe(referenceView('typescript', { commits: [], steps }).steps.length);
  });

  it('commits handed out do not change when more are appended', () => {
    const tally = new ReaderTally();
    const commit = (id: string): Commit => ({
      commitId: id,
      branchName: 'main',
      branchPurpose: 'p',
      previousProgressSummary: 's',
      thisCommitContribution: 'c',
      timestamp: 'T',
      range,
    });
    const commits = [commit('a')];
    tally.sync({ commits, steps: [] });
    const held = tally.commits('rust');
    commits.push(commit('b'));
    tally.sync({ commits, steps: [] });
    expect(held.map((c) => c.commitId)).toEqual(['a']);
    expect(tally.commits('rust').map((c) => c.commitId)).toEqual(['a', 'b']);
  });
});

// Random logs: plain steps, action-only ones, ones a `---` or `### Step` line splits, appended in random chunks.
const valueLine = fc.constantFrom('plain words', '**TODO** x', '---', '### Step 9 — t', '', '  indented', 'x\r', '**Action:** a', '\\---');
const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', 'obs', 'diff:\n---\n-a\n+b\n---\nend', 'naïve — ✓') },
  { weight: 1, arbitrary: fc.array(valueLine, { maxLength: 4 }).map((ls) => ls.join('\n')) },
);
const stepRecord = fc.record({ observation: value, thought: value, action: value });
const chunks = fc.array(fc.array(stepRecord, { minLength: 1, maxLength: 6 }), { maxLength: 8 });

describe('ReaderTally on random logs appended in chunks (fast-check)', () => {
  it('equals the transcribed view after every chunk, in every dialect', () => {
    fc.assert(
      fc.property(chunks, fc.constantFrom(...RENDER_DIALECTS), (list, dialect) => {
        const tally = new ReaderTally();
        const steps: OtaStep[] = [];
        for (const chunk of list) {
          for (const s of chunk) steps.push({ step: steps.length + 1, timestamp: '2026-01-05T09:00:00Z', ...s, range: { start: 0, end: 1 } });
          tally.sync({ commits: [], steps });
          expectTallyMatches(tally, dialect, { commits: [], steps });
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('tokenCountsByK from the tally, with a cache kept across appends', () => {
  it('equals the counts of the whole view computed afresh', () => {
    const range = { start: 0, end: 1 };
    const commits: Commit[] = Array.from({ length: 30 }, (_, i) => ({
      commitId: `c${i}`,
      branchName: 'main',
      branchPurpose: 'p',
      previousProgressSummary: `done ${i}`,
      thisCommitContribution: `part ${i}\n---\nmore`,
      timestamp: 'T',
      range,
    }));
    for (const dialect of RENDER_DIALECTS) {
      const tally = new ReaderTally();
      const cache = new TokenCountCache();
      const steps: OtaStep[] = [];
      const live = { commits: commits.slice(0, 10), steps };
      for (let i = 1; i <= 12; i++) {
        steps.push({ step: i, timestamp: 'T', observation: i % 4 ? `o${i}` : '', thought: '', action: 'a', range });
        if (i % 3 === 0) live.commits = commits.slice(0, 10 + i);
        tally.sync(live);
        const input = { branch: 'main', roadmap: ROADMAP };
        const withCache = tokenCountsByK({ ...input, ...tally.contextRecords(dialect) }, dialect, cache);
        expect(withCache).toEqual(tokenCountsByK({ ...input, ...readerView(dialect, live) }, dialect));
      }
    }
  });
});
