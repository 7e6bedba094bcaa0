// The fast path (a record proved plain is read back as itself, without the transcribed reader) against the
// transcribed readers: on every record of the corpus, and on random records made to be tricky or made to be plain.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../types.ts';
import { parseCommits } from '../read/commits.ts';
import { RENDER_DIALECTS, type RenderDialect } from '../context/render.ts';
import { corpusFiles } from '../test-support/corpus.ts';
import { parseLog } from '../read/log.ts';
import { isPlainCommit, isPlainStep, isPlainValue } from './plain-record.ts';
import { commitReading, stepReading, stepYield, transcribedReading } from './reader-view.ts';

const READERS = RENDER_DIALECTS.filter((d): d is Exclude<RenderDialect, 'zig'> => d !== 'zig');
const EXACT = ['python', 'typescript', 'rust', 'go'] as const;

/** JSON keeps key order, which toEqual ignores: the fast path must build the same objects, key for key. */
const json = (v: unknown): string => JSON.stringify(v);

function expectSameStepReading(dialect: Exclude<RenderDialect, 'zig'>, s: OtaStep): void {
  const slow = transcribedReading(dialect, { step: s });
  expect(json(stepReading(dialect, s))).toBe(json(slow));
  expect(stepYield(dialect, s)).toBe(slow.length);
}

function expectSameCommitReading(dialect: Exclude<RenderDialect, 'zig'>, c: Commit): void {
  expect(json(commitReading(dialect, c))).toBe(json(transcribedReading(dialect, { commit: c })));
}

describe('fast path = transcribed reader on every corpus record (edge/, bad/, mixed, all seven writers)', () => {
  const files = corpusFiles();
  const logs = files.filter((f) => f.kind === 'log');
  const commitFiles = files.filter((f) => f.kind === 'commit');

  it('covers the corpus, and most of its records are plain', () => {
    expect(logs.some((f) => f.path.startsWith('bad/'))).toBe(true);
    expect(logs.some((f) => f.path.startsWith('edge/lua'))).toBe(true);
    const steps = logs.flatMap((f) => parseLog(f.bytes, { file: f.file, dialect: f.dialect }).steps);
    const plain = steps.filter(isPlainStep).length;
    expect(steps.length).toBeGreaterThan(100);
    // Both kinds occur, so both sides of every comparison below are exercised.
    expect(plain).toBeGreaterThan(steps.length / 2);
    expect(plain).toBeLessThan(steps.length);
  });

  it.each(logs.map((f) => [f.path, f] as const))('%s', (_path, f) => {
    const { steps } = parseLog(f.bytes, { file: f.file, dialect: f.dialect });
    for (const dialect of READERS) for (const s of steps) expectSameStepReading(dialect, s);
    for (const s of steps) expect(stepReading('zig', s)).toEqual([s]);
  });

  it.each(commitFiles.map((f) => [f.path, f] as const))('%s', (_path, f) => {
    const { commits } = parseCommits(f.bytes, { file: f.file, branch: f.branch, dialect: f.dialect });
    for (const dialect of READERS) for (const c of commits) expectSameCommitReading(dialect, c);
  });
});

// Lines that stress every rule of plain-record.ts, and lines that are plain.
const trickyLine = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '---', '----', 'x---', '---x', '\\---', '\\', '', ' ', ' lead', 'trail ', '\tx', 'x\u00a0', '\ufeffx', 'x\x1c',
      'a\x1fb', 'a\rb', 'a\u2028b', 'a\x85b', 'a\vb', '**Observation:** o', 'see **Thought:** t', '**Action:**',
      '**Timestamp:** t', "**This Commit's Contribution:** c", '**Branch Purpose:** p', '**bold** text', '### Step 3 — t',
      '### Steps', '## Commit `x`', '# title', 'naïve — ✓', '`code`', '😀', '- item', '--',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
);
const plainWord = fc.constantFrom('alpha', 'naïve', 'café', '✓', '#3', '**TODO**', '-x', 'a-b', '`x`', '😀', 'x\ty', '1.5');
const plainLine = fc.array(plainWord, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const mostlyPlainValue = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.oneof({ weight: 5, arbitrary: plainLine }, { weight: 1, arbitrary: fc.constant('---') }), { minLength: 1, maxLength: 5 })
      .map((ls) => ls.join('\n')),
  },
);
const trickyValue = fc.array(trickyLine, { maxLength: 4 }).map((ls) => ls.join('\n'));
const value = fc.oneof(mostlyPlainValue, trickyValue);
const stamp = fc.oneof(
  fc.constantFrom('2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.123000+00:00', '2026-01-05 09:00:00 UTC', '', ' t', 't ', 'a — b', 'a---b', 'x`y', 'a*b', 'a\nb'),
  fc.string({ maxLength: 6 }),
);
const stepNumber = fc.oneof(fc.nat({ max: 300_000 }), fc.constantFrom(-1, 1.5, 2 ** 60, Number.NaN));
const plainStamp = fc.constantFrom('2026-01-05T09:00:00.000Z', '2026-01-05T09:00:00.123000+00:00', '2026-01-05 09:00:00 UTC');
const range = { start: 0, end: 1 };
const stepOf = (n: fc.Arbitrary<number>, ts: fc.Arbitrary<string>, v: fc.Arbitrary<string>) =>
  fc
    .record({ step: n, timestamp: ts, observation: v, thought: v, action: v, merged: fc.boolean() })
    .map(({ merged, ...s }): OtaStep => (merged ? { ...s, range, mergedFrom: 'side' } : { ...s, range }));
// Half made to be plain (the fast path's side), half anything.
const step = fc.oneof(stepOf(fc.nat({ max: 300_000 }), plainStamp, mostlyPlainValue), stepOf(stepNumber, stamp, value));
const commitOf = (id: fc.Arbitrary<string>, ts: fc.Arbitrary<string>, v: fc.Arbitrary<string>) =>
  fc.record({
    commitId: id,
    branchName: fc.constantFrom('main', 'feat/x'),
    branchPurpose: v,
    previousProgressSummary: v,
    thisCommitContribution: v,
    timestamp: ts,
    range: fc.constant(range),
  });
const commit = fc.oneof(
  commitOf(fc.constantFrom('a1b2c3d4', 'x y', 'merge-1'), fc.oneof(plainStamp, fc.constant('')), mostlyPlainValue),
  commitOf(fc.oneof(fc.constantFrom('a1b2c3d4', 'x y', '', ' a', 'a`b', 'a---'), fc.string({ maxLength: 6 })), stamp, value),
);

describe('fast path = transcribed reader on random records (fast-check)', () => {
  it('steps, in every dialect', () => {
    let plain = 0;
    fc.assert(
      fc.property(step, (s) => {
        if (isPlainStep(s)) plain += 1;
        for (const dialect of READERS) expectSameStepReading(dialect, { ...s });
      }),
      { numRuns: 3000 },
    );
    expect(plain).toBeGreaterThan(500); // the fast path was taken often enough to mean something
  });

  it('commits, in every dialect', () => {
    let plain = 0;
    fc.assert(
      fc.property(commit, (c) => {
        if (isPlainCommit(c)) plain += 1;
        for (const dialect of READERS) expectSameCommitReading(dialect, { ...c });
      }),
      { numRuns: 3000 },
    );
    expect(plain).toBeGreaterThan(500);
  });

  it('a record proved plain is read back by the four line readers as itself (or dropped by their keep rule)', () => {
    fc.assert(
      fc.property(step, (s) => {
        if (!isPlainStep(s)) return;
        for (const dialect of EXACT) {
          const read = transcribedReading(dialect, { step: s }) as OtaStep[];
          expect(read.length).toBeLessThanOrEqual(1);
          if (read[0]) expect(read[0]).toEqual(s);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('isPlainValue', () => {
  it('accepts inner `---` lines the writer escapes, and refuses the ones it does not', () => {
    expect(isPlainValue('diff:\n---\n-a;\n+b;\n---\nend')).toBe(true);
    expect(isPlainValue('**TODO** markers: 3')).toBe(true);
    expect(isPlainValue('---\nx')).toBe(false);
    expect(isPlainValue('x\n---')).toBe(false);
    expect(isPlainValue('x\n---\n---\ny')).toBe(false);
    expect(isPlainValue('x---\ny')).toBe(false);
    expect(isPlainValue('x\n\\---\ny')).toBe(false);
    expect(isPlainValue('x\n\ny')).toBe(false);
    expect(isPlainValue('x \ny')).toBe(false);
    expect(isPlainValue('x\n y')).toBe(false);
    expect(isPlainValue('x **Thought:** y')).toBe(false);
    expect(isPlainValue('x\n### Step 2 — t')).toBe(false);
  });
});
