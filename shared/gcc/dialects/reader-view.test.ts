// What each Contexa reader returns for a branch, against the implementations' own readings.
import { describe, expect, it } from 'vitest';
import type { ContextDialect, OtaStep } from '../../types.ts';
import { readerView } from './reader-view.ts';
import { showEscaped } from './escaped-text.ts';
import { loadCorpusCase, readerFields } from '../test-support/replay-scenario.ts';
import { readCorpusText } from '../test-support/corpus.ts';

const read = readCorpusText;

const EXACT: ContextDialect[] = ['python', 'typescript', 'rust', 'go'];

describe.each(EXACT.flatMap((d) => [[d, d] as const, [d, `edge/${d}`] as const]))('readerView(%s) on %s', (dialect, dir) => {
  const c = loadCorpusCase(dialect, dir, read);

  it('derives the step numbers the writer gave (its numbering counts what its parser read)', () => {
    expect(c.replay.numberingMismatches).toEqual([]);
  });

  it.each(c.scenario.branches)('branch %s: same steps and commits as the implementation parsed', (branch) => {
    const lossless = c.replay.branches.get(branch);
    expect(lossless).toBeDefined();
    const view = readerView(dialect, lossless!);
    const expected = c.expected.branches[branch]!;
    expect(view.steps.map(readerFields)).toEqual(expected.ota);
    expect(view.commits.map(readerFields)).toEqual(expected.commits);
  });
});

// APPROXIMATE readers: where they already agree with what the implementation returned.
// (edge/lua is not listed: Lua's multi-line reader has index arithmetic we have not reproduced;
// 3 of its 14 main steps agree.)
const lossyTimestamp = <T extends { timestamp: unknown }>(r: T): T => {
  const ts = r.timestamp as string | { lossy: string };
  return { ...r, timestamp: typeof ts === 'string' ? ts : ts.lossy };
};
const shown = <T extends { timestamp: string }>(r: T): T => ({ ...r, timestamp: showEscaped(r.timestamp) });

describe.each([
  ['elixir', 'elixir'],
  ['elixir', 'edge/elixir'],
  ['lua', 'lua'],
] as const)('approximate readerView(%s) on %s', (dialect, dir) => {
  const c = loadCorpusCase(dialect, dir, read);
  it.each(c.scenario.branches)('branch %s: agrees with expected.json (invalid UTF-8 compared as U+FFFD)', (branch) => {
    const view = readerView(dialect, c.replay.branches.get(branch)!);
    const expected = c.expected.branches[branch]!;
    expect(view.steps.map(readerFields).map(shown)).toEqual(expected.ota.map(lossyTimestamp));
    expect(view.commits.map(readerFields)).toEqual(expected.commits);
  });
});

describe('readerView details', () => {
  const range = { start: 0, end: 1 };
  const step = (observation: string, thought: string, action: string, extra: Partial<OtaStep> = {}): OtaStep => ({
    step: 1,
    timestamp: 'T',
    observation,
    thought,
    action,
    range,
    ...extra,
  });

  it('keeps the provenance of the record a block started in, for both halves of a split step', () => {
    const split = step('before\n---', 'after', 'act', { range: { start: 10, end: 90 }, mergedFrom: 'side' });
    const view = readerView('typescript', { commits: [], steps: [split] });
    expect(view.steps.map((s) => [s.observation, s.thought, s.range.start, s.mergedFrom])).toEqual([
      ['before', '', 10, 'side'],
      ['', 'after', 10, 'side'],
    ]);
  });

  it('Python drops blank lines and trims; Go keeps indentation and whitespace-only lines', () => {
    const s = step('first\n\n   indented\n \nlast', 't', 'a');
    expect(readerView('python', { commits: [], steps: [s] }).steps[0]?.observation).toBe('first\nindented\nlast');
    expect(readerView('go', { commits: [], steps: [s] }).steps[0]?.observation).toBe('first\n   indented\n \nlast');
  });

  it('Python reads a lone CR as a line break (text mode); TypeScript keeps it inside the line', () => {
    const s = step('a\rb', 't', 'x');
    expect(readerView('python', { commits: [], steps: [s] }).steps[0]?.observation).toBe('a\nb');
    expect(readerView('typescript', { commits: [], steps: [s] }).steps[0]?.observation).toBe('a\rb');
  });

  it('only Python keeps a step that has nothing but an action', () => {
    const s = step('', '', 'run');
    expect(readerView('python', { commits: [], steps: [s] }).steps).toHaveLength(1);
    for (const d of ['typescript', 'rust', 'go'] as const) {
      expect(readerView(d, { commits: [], steps: [s] }).steps).toHaveLength(0);
    }
  });
});

describe('readerView cache', () => {
  it('reads each record once: a second call returns the same record objects', () => {
    const steps: OtaStep[] = [
      { step: 1, timestamp: 'T', observation: 'o', thought: 't', action: 'a', range: { start: 0, end: 10 } },
    ];
    const first = readerView('go', { commits: [], steps });
    const again = readerView('go', { commits: [], steps: [...steps] });
    expect(again.steps[0]).toBe(first.steps[0]);
    // Another dialect reads the same record afresh.
    expect(readerView('python', { commits: [], steps }).steps[0]).not.toBe(first.steps[0]);
  });
});
