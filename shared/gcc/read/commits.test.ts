// Reading commit.md against what the agent wrote, whole and from any split point.
import { describe, expect, it } from 'vitest';
import { encodeUtf8, lineAtByte } from './bytes.ts';
import { continueCommits, parseCommits, type CommitsParseResult } from './commits.ts';
import { refreshCommits } from '../test-support/refresh.ts';
import { serializeCommit, serializeCommitHeader } from '../write/commit-write.ts';
import { corpusFiles, expectedFromScript, readCorpus } from '../test-support/corpus.ts';

const dec = new TextDecoder();
const files = corpusFiles().filter((f) => f.kind === 'commit');

describe('parseCommits against what the agent wrote', () => {
  for (const lang of ['python', 'typescript', 'rust', 'go', 'elixir', 'zig', 'lua'] as const) {
    for (const [script, dir] of [
      ['scenario.json', lang],
      ['edge.json', `edge/${lang}`],
    ] as const) {
      it(`${dir}: the contributions the agent committed, in order, on each branch`, () => {
        for (const [branch, want] of expectedFromScript(script, `${dir}/oplog.json`)) {
          const r = parseCommits(readCorpus(`${dir}/.GCC/branches/${branch}/commit.md`), { file: `branches/${branch}/commit.md`, branch, dialect: lang });
          // Merge commits are written by the library, not passed in by the agent.
          const own = r.commits.filter((c) => !c.thisCommitContribution.startsWith('Merged branch `'));
          const wanted = want.commits.map((c) => c.c!);
          const got = own.map((c) => c.thisCommitContribution);
          if (lang === 'lua') expect(got).toEqual(wanted.map((w) => w.replace(/-+(?=\n)/g, '')));
          else expect(got).toEqual(wanted);
          for (const c of r.commits) {
            expect(c.branchName).toBe(branch);
            expect(c.commitId).toMatch(/^[0-9a-f]{8}$/);
          }
        }
      });
    }
  }

  it('reads every field of a commit and the file header', () => {
    const bytes = readCorpus('typescript/.GCC/branches/main/commit.md');
    const r = parseCommits(bytes, { file: 'branches/main/commit.md' });
    expect(r.header?.branch).toBe('main');
    expect(r.commits[0]).toEqual({
      commitId: '22dc2652',
      branchName: 'main',
      branchPurpose: 'Primary reasoning trajectory',
      previousProgressSummary: 'Initial state — no prior commits.',
      thisCommitContribution: 'Scaffolded Express app with `GET /health` returning **200 OK**; app/server split for testing.',
      timestamp: '2026-12-02T13:58:08.088Z',
      range: { start: r.header!.range.end, end: r.commits[1]!.range.start },
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.pending).toBeNull();
  });

  it('keeps both commits of a duplicated id and reports the second', () => {
    const r = parseCommits(readCorpus('bad/duplicate-commit-id/.GCC/branches/main/commit.md'), { file: 'branches/main/commit.md' });
    expect(r.commits[0]!.commitId).toBe(r.commits[1]!.commitId);
    const d = r.diagnostics.filter((x) => x.code === 'duplicate-commit-id');
    expect(d).toHaveLength(1);
    expect(d[0]!.line).toBe(13);
    expect(d[0]!.file).toBe('branches/main/commit.md');
  });

  it('reports a duplicate id found only by a continuation (the id set is in the state)', () => {
    const bytes = readCorpus('bad/duplicate-commit-id/.GCC/branches/main/commit.md');
    const whole = parseCommits(bytes, { file: 'f' });
    const first = parseCommits(bytes.subarray(0, whole.commits[1]!.range.start), { file: 'f' });
    const rest = continueCommits(first.state, bytes.subarray(first.state.consumed));
    expect(rest.diagnostics.map((d) => [d.line, d.code])).toEqual([[13, 'duplicate-commit-id']]);
  });

  it('reads a legacy commit header without backticks and without some fields', () => {
    const r = parseCommits(readCorpus('edge/legacy-handcrafted/.GCC/branches/main/commit.md'), { file: 'branches/main/commit.md' });
    expect(r.commits.map((c) => [c.commitId, c.branchPurpose, c.thisCommitContribution])).toEqual([
      ['aaaa0001', 'Primary reasoning trajectory', 'first'],
      ['aaaa0002', '', 'id without backticks, no purpose/prev fields'],
    ]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['legacy-commit-header', 'missing-field']);
  });

  it("undoes the writers' escape of a `---` line in a contribution", () => {
    const r = parseCommits(readCorpus('edge/python/.GCC/branches/main/commit.md'), { file: 'f', dialect: 'python' });
    expect(r.commits[0]!.thisCommitContribution).toBe('Contribution with\n---\nan embedded separator line');
  });
});

describe('serializeCommit reproduces the writers byte for byte', () => {
  const notReproducible = new Set(['legacy-commit-header', 'missing-field', 'crlf-line-endings', 'nonstandard-layout', 'invalid-utf8', 'corrupted-timestamp', 'unlabelled-text']);
  for (const f of files) {
    it(f.path, () => {
      const r = parseCommits(f.bytes, { file: f.file, branch: f.branch, dialect: f.dialect });
      let checked = 0;
      for (const c of r.commits) {
        const from = lineAtByte(f.bytes, c.range.start);
        const to = lineAtByte(f.bytes, c.range.end - 1);
        if (r.diagnostics.some((d) => d.line >= from && d.line <= to && notReproducible.has(d.code))) continue;
        expect(serializeCommit(c, f.dialect)).toBe(dec.decode(f.bytes.subarray(c.range.start, c.range.end)));
        checked++;
      }
      if (r.header?.branch) expect(serializeCommitHeader(r.header.branch)).toBe(dec.decode(f.bytes.subarray(r.header.range.start, r.header.range.end)));
      if (r.commits.length > 0) expect(checked).toBeGreaterThan(0);
    });
  }
});

function comparable(r: Pick<CommitsParseResult, 'header' | 'commits' | 'diagnostics' | 'pending' | 'state'>) {
  return { header: r.header, commits: r.commits, diagnostics: r.diagnostics, pending: r.pending, state: { ...r.state, fingerprint: [...r.state.fingerprint] } };
}

describe('incremental commit parsing', () => {
  for (const f of files) {
    it(`${f.path}: whole == prefix + continuation, for every split point`, () => {
      const opts = { file: f.file, branch: f.branch, dialect: f.dialect };
      const whole = comparable(parseCommits(f.bytes, opts));
      for (let cut = 0; cut <= f.bytes.length; cut++) {
        const a = parseCommits(f.bytes.subarray(0, cut), opts);
        const b = continueCommits(a.state, f.bytes.subarray(a.state.consumed));
        expect(b.needsFullReparse).toBe(false);
        const joined = comparable({
          header: a.header ?? b.header,
          commits: [...a.commits, ...b.commits],
          diagnostics: [...a.diagnostics, ...b.diagnostics],
          pending: b.pending,
          state: b.state,
        });
        expect(joined, `cut at ${cut}`).toEqual(whole);
      }
    });
  }

  it('refreshCommits re-parses when bytes before the offset changed', () => {
    const bytes = readCorpus('typescript/.GCC/branches/main/commit.md');
    const first = parseCommits(bytes.subarray(0, 500), { file: 'f', branch: 'main' });
    expect(refreshCommits(first.state, bytes).reparsed).toBe(false);
    const edited = encodeUtf8(dec.decode(bytes).replace('Primary', 'Primal'));
    expect(refreshCommits(first.state, edited).reparsed).toBe(true);
  });
});
