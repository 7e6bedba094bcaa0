// A branch against its base, on the corpus and on made-up branches: what it adds, and the warnings.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Commit, Dialect, OtaStep } from '../../types.ts';
import { compareBranches, diffStats, sideBySide, stepRanges, wordDiff, type BranchSide, type DiffPart } from './branch-diff.ts';
import { parseCommits } from '../read/commits.ts';
import { corpusExists, readCorpus } from '../test-support/corpus.ts';
import { parseLog } from '../read/log.ts';
import { parseMetadata } from '../read/metadata.ts';

/** A branch of a corpus workspace, read with the format core. */
function side(gcc: string, name: string, dialect: Dialect): BranchSide {
  const dir = `${gcc}/branches/${name}`;
  const meta = corpusExists(`${dir}/metadata.yaml`) ? parseMetadata(readCorpus(`${dir}/metadata.yaml`), `branches/${name}/metadata.yaml`).metadata : null;
  return {
    name,
    dialect,
    metadata: meta,
    steps: parseLog(readCorpus(`${dir}/log.md`), { file: `branches/${name}/log.md`, dialect }).steps,
    commits: parseCommits(readCorpus(`${dir}/commit.md`), { file: `branches/${name}/commit.md`, branch: name, dialect }).commits,
  };
}

const codes = (c: ReturnType<typeof compareBranches>) => c.warnings.map((w) => w.code);

describe('compareBranches over the corpus', () => {
  for (const lang of ['python', 'typescript', 'rust', 'go'] as const) {
    it(`${lang}: auth-session against main`, () => {
      const gcc = `${lang}/.GCC`;
      const c = compareBranches(side(gcc, 'auth-session', lang), side(gcc, 'main', lang));
      expect(c.commitsAhead.map((x) => x.thisCommitContribution)).toEqual(['Benchmarked Redis-backed sessions against JWT (p95 4.1 ms vs 2.3 ms).']);
      expect(c.stepsSinceCreated.map((s) => s.step)).toEqual([1, 2]);
      // main's steps 1–6 and the copies of auth-jwt's 1–3 are there already.
      expect(c.collidingStepNumbers).toEqual([1, 2]);
      expect(codes(c)).toContain('step-number-collision');
      expect(codes(c)).not.toContain('already-merged');
      // The session branch was created after main's last commit (the merge of auth-jwt).
      expect(codes(c)).not.toContain('base-moved-on');
      expect(c.headLastCommit?.commitId).toBe(c.commitsAhead.at(-1)?.commitId);
      expect(c.baseLastCommit?.thisCommitContribution).toMatch(/^Merged branch `auth-jwt`/);
    });

    it(`${lang}: auth-jwt is already merged, and main moved on after it was created`, () => {
      const gcc = `${lang}/.GCC`;
      const c = compareBranches(side(gcc, 'auth-jwt', lang), side(gcc, 'main', lang));
      expect(codes(c)).toEqual(expect.arrayContaining(['already-merged', 'base-moved-on', 'step-number-collision']));
      expect(c.baseCommitsSinceCreated.map((x) => x.thisCommitContribution)).toEqual([expect.stringMatching(/^Merged branch `auth-jwt`/)]);
      expect(c.warnings.find((w) => w.code === 'already-merged')!.message).toContain('into `main`');
    });
  }

  it('edge/python: an action-only step is named, with the readers that drop it', () => {
    const gcc = 'edge/python/.GCC';
    const c = compareBranches(side(gcc, 'main', 'python'), side(gcc, 'flags', 'python'));
    expect(c.actionOnlySteps.map((s) => s.step)).toEqual([1]);
    const w = c.warnings.find((x) => x.code === 'action-only-steps')!;
    expect(w.message).toMatch(/\(1\) has only an action/);
    expect(w.message).toMatch(/TypeScript, Go and Rust/);
  });
});

const step = (n: number, o: string, t: string, a: string, ts = '2026-01-01T00:00:10Z'): OtaStep => ({ step: n, timestamp: ts, observation: o, thought: t, action: a, range: { start: 0, end: 0 } });
const commit = (id: string, contribution: string, ts = '2026-01-01T00:00:20Z', purpose = 'p', previous = 'prev'): Commit => ({
  commitId: id,
  branchName: 'x',
  branchPurpose: purpose,
  previousProgressSummary: previous,
  thisCommitContribution: contribution,
  timestamp: ts,
  range: { start: 0, end: 0 },
});
const meta = (name: string, createdAt = '2026-01-01T00:00:05Z') => ({ name, purpose: 'p', createdFrom: 'main', createdAt, status: 'active', mergedInto: null, mergedAt: null });

describe('compareBranches', () => {
  it('warns about a branch without commits and about empty summary fields', () => {
    const empty = compareBranches({ name: 'x', dialect: 'python', metadata: meta('x'), commits: [], steps: [] }, { name: 'main', dialect: 'python', metadata: meta('main'), commits: [], steps: [] });
    expect(codes(empty)).toEqual(['no-commits']);
    const blank = compareBranches(
      { name: 'x', dialect: 'python', metadata: meta('x'), commits: [commit('a', ''), commit('b', 'ok', undefined, '', '')], steps: [] },
      { name: 'main', dialect: 'python', metadata: meta('main'), commits: [], steps: [] },
    );
    const messages = blank.warnings.filter((w) => w.code === 'empty-summary-field').map((w) => w.message);
    expect(messages).toEqual([expect.stringMatching(/`b`\) has an empty branch purpose, previous progress summary\.$/), expect.stringMatching(/\(`a`\) has an empty contribution/)]);
  });

  it('counts base commits newer than the head, steps since creation, and commits the base has', () => {
    const head: BranchSide = {
      name: 'x',
      dialect: 'typescript',
      metadata: meta('x', '2026-01-01T00:00:05.000Z'),
      commits: [commit('shared', 'in both', '2026-01-01T00:00:01Z'), commit('mine', 'only here')],
      steps: [step(1, 'before creation', 't', 'a', '2026-01-01T00:00:01Z'), step(2, 'o', 't', 'a'), { ...step(3, 'o', 't', 'a'), mergedFrom: 'y' }, step(4, '', '', 'only action')],
    };
    const base: BranchSide = { name: 'main', dialect: 'typescript', metadata: meta('main'), commits: [commit('shared', 'in both', '2026-01-01T00:00:01Z'), commit('later', 'newer', '2026-01-01T00:00:06Z')], steps: [step(7, 'o', 't', 'a')] };
    const c = compareBranches(head, base);
    expect(c.commitsAhead.map((x) => x.commitId)).toEqual(['mine']);
    expect(c.stepsSinceCreated.map((s) => s.step)).toEqual([2, 4]);
    expect(c.baseCommitsSinceCreated.map((x) => x.commitId)).toEqual(['later']);
    expect(c.collidingStepNumbers).toEqual([]);
    expect(c.actionOnlySteps.map((s) => s.step)).toEqual([4]);
    expect(codes(c)).toEqual(['base-moved-on', 'action-only-steps']);
  });

  it('refuses to compare a branch with itself and notes missing metadata', () => {
    const s: BranchSide = { name: 'main', dialect: 'go', metadata: null, commits: [commit('a', 'x')], steps: [] };
    expect(codes(compareBranches(s, s))).toEqual(['same-branch', 'no-metadata']);
  });
});

describe('wordDiff', () => {
  const join = (parts: DiffPart[], keep: 'added' | 'removed') => parts.filter((p) => p.kind === 'same' || p.kind === keep).map((p) => p.text).join('');

  it('marks changed words', () => {
    const parts = wordDiff('JWT auth with refresh tokens', 'JWT auth with rotating refresh tokens');
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['rotating']);
    expect(parts.filter((p) => p.kind === 'removed')).toEqual([]);
    expect(diffStats(parts)).toEqual({ added: 1, removed: 0 });
  });

  it('rebuilds both texts exactly (property)', () => {
    const text = fc.stringMatching(/^[a-c \n`*]{0,40}$/);
    fc.assert(
      fc.property(text, text, (a, b) => {
        const parts = wordDiff(a, b);
        expect(join(parts, 'removed')).toBe(a);
        expect(join(parts, 'added')).toBe(b);
        // Side by side: each column's lines are the text's lines.
        const rows = sideBySide(parts);
        expect(rows.map((r) => r.left.map((p) => p.text).join('')).slice(0, a.split('\n').length)).toEqual(a.split('\n'));
        expect(rows.map((r) => r.right.map((p) => p.text).join('')).slice(0, b.split('\n').length)).toEqual(b.split('\n'));
      }),
    );
  });

  it('side by side pairs lines and flags the changed ones', () => {
    const rows = sideBySide(wordDiff('same line\nold words', 'same line\nnew words\nextra'));
    expect(rows.map((r) => r.changed)).toEqual([false, true, true]);
    expect(rows[2]!.left).toEqual([]);
  });
});

it('stepRanges folds runs', () => {
  expect(stepRanges([3, 1, 2, 7, 9, 8, 2])).toBe('1–3, 7–9');
  expect(stepRanges([5])).toBe('5');
});
