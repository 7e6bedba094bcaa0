// Token counts of every K, from counts of the pieces, equal to counting each text whole.
import { join } from 'node:path';
import fc from 'fast-check';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../types.ts';
import { RENDER_DIALECTS, renderContext } from './render.ts';
import { readerView } from '../dialects/reader-view.ts';
import { loadCorpusCase } from '../test-support/replay-scenario.ts';
import { countTokens, exactCountsByK as tokenCountsByK } from './count.ts';
import { isTokenBoundary, TokenCountCache } from './tokens.ts';
import { readCorpusText } from '../test-support/corpus.ts';

const read = readCorpusText;

describe('countTokens', () => {
  it('counts o200k_base tokens', () => {
    const text = '# CONTEXT — branch `main` (K=1)\n\n## Global Roadmap\nBuild a REST API.\n';
    expect(countTokens(text)).toBe(encode(text, { disallowedSpecial: new Set() }).length);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
  });

  it('counts special-token look-alikes as plain text instead of throwing', () => {
    expect(() => encode('a <|endoftext|> b')).toThrow();
    expect(countTokens('a <|endoftext|> b')).toBeGreaterThan(3);
  });
});

describe('isTokenBoundary', () => {
  // Characters that stress the pre-split pattern: letters of each case, marks, digits, apostrophes,
  // punctuation runs, slashes, every kind of whitespace and line break.
  const alphabet = [
    'a', 'Z', 'é', 'ß', 'ǅ', 'ʰ', '中', '\u0301', '7', '٣', "'", "'s", "'LL", '-', '---', '/', '#', '**', '`',
    '—', '✓', '😀', ' ', '  ', '\t', '\n', '\r', '\r\n', '\u2028', '\u00a0', '\v', '<|endoftext|>',
  ];
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }).map((a) => a.join(''));

  // Texts that do meet at a boundary: `a` ends with a line break, `b` starts with anything else.
  const before = fc.tuple(text, fc.constantFrom('\n', '\r\n', ' \n', '---\n', '|>\r\n')).map(([t, e]) => t + e);
  const after = fc
    .tuple(fc.constantFrom(...alphabet.filter((ch) => !/^[\s/]/u.test(ch))), text)
    .map(([s, t]) => s + t);

  it('count(a + b) === count(a) + count(b) whenever it says so', () => {
    fc.assert(
      fc.property(before, after, (a, b) => {
        expect(isTokenBoundary(a, b)).toBe(true);
        expect(countTokens(a + b)).toBe(countTokens(a) + countTokens(b));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(text, text, (a, b) => {
        if (isTokenBoundary(a, b)) expect(countTokens(a + b)).toBe(countTokens(a) + countTokens(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('is refused where the pre-split may join the two sides', () => {
    expect(isTokenBoundary('---\n', '\n## Recent')).toBe(false);
    expect(isTokenBoundary('abc', 'def')).toBe(false);
    expect(isTokenBoundary('---\n', '## Commit')).toBe(true);
    expect(isTokenBoundary('x\n', '/usr')).toBe(false); // '|>\r\n/' is one pre-split chunk
  });
});

const CASES = ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'] as const;

describe.each(CASES.flatMap((d) => [[d, d] as const, [d, `edge/${d}`] as const]))('tokenCountsByK(%s) on %s', (dialect, dir) => {
  const c = loadCorpusCase(dialect, dir, read);
  it.each(c.scenario.branches)('branch %s: equals counting each rendered text', (branch) => {
    const view = readerView(dialect, c.replay.branches.get(branch)!);
    const input = { branch, roadmap: c.roadmap, ...view };
    const naive = view.commits.map((_, i) => countTokens(renderContext({ ...input, k: i + 1 }, dialect)));
    expect(tokenCountsByK(input, dialect)).toEqual(naive);
  });
});

describe('tokenCountsByK on a long branch', () => {
  const commits: Commit[] = Array.from({ length: 400 }, (_, i) => ({
    commitId: i.toString(16).padStart(8, '0'),
    branchName: 'main',
    branchPurpose: 'Primary reasoning trajectory',
    previousProgressSummary: `step ${i - 1} done`,
    thisCommitContribution: `Implemented part ${i}:\n  - detail ${i}\n---\nend`,
    timestamp: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
    range: { start: i, end: i + 1 },
  }));
  const steps: OtaStep[] = Array.from({ length: 50 }, (_, i) => ({
    step: i + 1,
    timestamp: 'ts',
    observation: `obs ${i}`,
    thought: i % 2 ? '' : `thought ${i}`,
    action: 'noop',
    range: { start: i, end: i + 1 },
  }));
  const roadmap = '# Project Roadmap\n\n' + 'A long roadmap line with words and numbers 12345.\n'.repeat(4000);

  it.each(RENDER_DIALECTS)('%s: matches the naive count at sampled K and stays fast', (dialect) => {
    const input = { branch: 'main', roadmap, commits, steps };
    const started = performance.now();
    const counts = tokenCountsByK(input, dialect);
    const elapsed = performance.now() - started;
    expect(counts).toHaveLength(400);
    for (const k of [1, 2, 57, 399, 400]) {
      expect(counts[k - 1]).toBe(countTokens(renderContext({ ...input, k }, dialect)));
    }
    for (let k = 2; k <= 400; k++) expect(counts[k - 1]!).toBeGreaterThan(counts[k - 2]!);
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('tokenCountsByK with a TokenCountCache kept across changes (fast-check)', () => {
  const range = { start: 0, end: 1 };
  const text = fc.constantFrom('plain', 'two words', 'a\n---\nb', '---', ' lead', 'x\n', '/path', '', 'naïve — ✓', '## Commit `z`');
  const commit = fc.record({ contribution: text, summary: text }).map(
    ({ contribution, summary }): Commit => ({
      commitId: 'c',
      branchName: 'main',
      branchPurpose: 'p',
      previousProgressSummary: summary,
      thisCommitContribution: contribution,
      timestamp: 'T',
      range,
    }),
  );
  const step = text.map((o): OtaStep => ({ step: 1, timestamp: 'T', observation: o, thought: 't', action: 'a', range }));
  const op = fc.oneof(
    fc.record({ kind: fc.constant('step' as const), step }),
    fc.record({ kind: fc.constant('commit' as const), commit }),
    fc.record({ kind: fc.constant('roadmap' as const), roadmap: fc.constantFrom('# R\n', '# Roadmap\n\nmore\n', '/x') }),
    fc.constant({ kind: 'reload' as const }),
  );

  it.each(RENDER_DIALECTS)('%s: equals counting afresh after every step, commit, roadmap edit and reload', (dialect) => {
    fc.assert(
      fc.property(fc.array(commit, { maxLength: 4 }), fc.array(op, { minLength: 1, maxLength: 12 }), (initial, ops) => {
        const cache = new TokenCountCache();
        let commits = initial;
        let steps: OtaStep[] = [];
        let roadmap = '# Roadmap\n';
        for (const o of ops) {
          if (o.kind === 'step') steps = [...steps, o.step];
          else if (o.kind === 'commit') commits = [...commits, o.commit];
          else if (o.kind === 'roadmap') roadmap = o.roadmap;
          else commits = commits.map((c) => ({ ...c }));
          const input = { branch: 'main', roadmap, commits, steps };
          expect(tokenCountsByK(input, dialect, cache)).toEqual(tokenCountsByK(input, dialect));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('after a step is appended, only the tail is tokenized again (a long branch is fast)', () => {
    const commits: Commit[] = Array.from({ length: 3000 }, (_, i) => ({
      commitId: `c${i}`,
      branchName: 'main',
      branchPurpose: 'p',
      previousProgressSummary: `done ${i}`,
      thisCommitContribution: `Implemented part ${i}:\n- detail\n---\nend`,
      timestamp: 'T',
      range,
    }));
    const steps: OtaStep[] = Array.from({ length: 5 }, (_, i) => ({ step: i + 1, timestamp: 'T', observation: `o${i}`, thought: 't', action: 'a', range }));
    for (const dialect of ['python', 'typescript', 'go'] as const) {
      const cache = new TokenCountCache();
      tokenCountsByK({ branch: 'main', roadmap: '# R\n', commits, steps, stepCount: 1000 }, dialect, cache);
      const started = performance.now();
      for (let i = 1; i <= 20; i++) tokenCountsByK({ branch: 'main', roadmap: '# R\n', commits, steps, stepCount: 1000 + i }, dialect, cache);
      // 20 recounts of a 3,000-commit branch: a full recount is ~100 ms each.
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});
