// The writer must produce the bytes Contexa's Python wrote: replay the auth-jwt part of the corpus scenario with the
// corpus's own timestamps and ids, from the state just before it, and compare file by file.
import { CORPUS as FIXTURES } from '../../fixtures/corpus.ts';
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PythonGccWriter, pythonTimestamp, writerStateFromExpected } from './python-writer.ts';

const CORPUS = join(FIXTURES, 'python');
const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');

function cutBefore(text: string, marker: string): string {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`marker not found: ${marker}`);
  return text.slice(0, at);
}

describe('pythonTimestamp', () => {
  it('writes microseconds and +00:00, and drops a zero fraction like isoformat()', () => {
    const at = Date.UTC(2026, 11, 2, 13, 58, 3) * 1000;
    expect(pythonTimestamp(at + 590694)).toBe('2026-12-02T13:58:03.590694+00:00');
    expect(pythonTimestamp(at + 5)).toBe('2026-12-02T13:58:03.000005+00:00');
    expect(pythonTimestamp(at)).toBe('2026-12-02T13:58:03+00:00');
  });
});

describe('PythonGccWriter', () => {
  it('replays branch, logs, commits and merge of auth-jwt into the exact corpus bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-pywriter-'));
    try {
      const gcc = join(dir, '.GCC');
      cpSync(join(CORPUS, '.GCC'), gcc, { recursive: true });
      rmSync(join(gcc, 'branches', 'auth-jwt'), { recursive: true });
      rmSync(join(gcc, 'branches', 'auth-session'), { recursive: true });
      const fullLog = read(CORPUS, '.GCC/branches/main/log.md');
      const fullCommits = read(CORPUS, '.GCC/branches/main/commit.md');
      const fullRoadmap = read(CORPUS, '.GCC/main.md');
      writeFileSync(join(gcc, 'branches/main/log.md'), cutBefore(fullLog, '\n## Merged from'));
      writeFileSync(join(gcc, 'branches/main/commit.md'), cutBefore(fullCommits, '## Commit `c7bab771`'));
      writeFileSync(join(gcc, 'main.md'), cutBefore(fullRoadmap, '\n## Update (2026-12-02T13:58:19'));

      const expected = JSON.parse(read(CORPUS, 'expected.json'));
      const state = writerStateFromExpected(expected);
      const main = state.branches.get('main')!;
      main.steps = main.steps.slice(0, 6);
      main.contributions = main.contributions.slice(0, 2);
      state.branches.delete('auth-jwt');
      state.branches.delete('auth-session');

      const times = [
        '12.404196', '13.505963', '14.607131', '15.708205', '16.810129', '17.912127', '19.015003', '19.016190', '19.016408',
      ].map((s) => `2026-12-02T13:58:${s}+00:00`);
      const ids = ['c66e4f37', '129ef99d', 'c7bab771'];
      const writer = new PythonGccWriter(gcc, state, { now: () => times.shift()!, newCommitId: () => ids.shift()! });
      const jwt = expected.branches['auth-jwt'];
      writer.createBranch('auth-jwt', jwt.metadata.purpose, 'main');
      for (const s of jwt.ota) writer.logStep('auth-jwt', s);
      for (const c of jwt.commits) writer.commit('auth-jwt', c.thisCommitContribution);
      writer.merge('auth-jwt', 'main');

      for (const f of ['log.md', 'commit.md', 'metadata.yaml']) {
        expect(read(gcc, `branches/auth-jwt/${f}`), f).toBe(read(CORPUS, `.GCC/branches/auth-jwt/${f}`));
      }
      expect(read(gcc, 'branches/main/log.md')).toBe(fullLog);
      expect(read(gcc, 'branches/main/commit.md')).toBe(fullCommits);
      expect(read(gcc, 'main.md')).toBe(cutBefore(fullRoadmap, '\n## Status'));
      expect(times).toEqual([]);
      writer.updateRoadmap('## Status\nAuth: JWT merged into main; the session baseline stays on `auth-session` for comparison.');
      expect(read(gcc, 'main.md')).toBe(fullRoadmap);
      expect(main.steps.length).toBe(9);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
