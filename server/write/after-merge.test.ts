// The doctor names a branch written to after its merge (what the merge did not carry), and nothing on the corpus's
// merged branches, whose records all precede their merge (a `merged_at` in whole seconds covers its second).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { EXIT_OK, main } from '../cli/main.ts';
import { PythonGccWriter, writerStateFromExpected } from '../demo/python-writer.ts';
import { CORPUS } from '../../fixtures/corpus.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';

afterEach(removeTempCorpusCopies);

async function doctor(dir: string) {
  let out = '';
  const code = await main(['doctor', dir], { out: (t) => (out += String(t)), err: () => {} }, {});
  return { code, out };
}

it('warns about steps and commits written to a merged branch after its merge', async () => {
  const { dir, gccDir } = tempCorpusCopy('python');
  expect((await doctor(dir)).out).not.toContain('appended-after-merge');
  const writer = new PythonGccWriter(gccDir, writerStateFromExpected(JSON.parse(readFileSync(join(CORPUS, 'python', 'expected.json'), 'utf8'))));
  writer.logStep('auth-jwt', { observation: 'still here', thought: 'nobody told me', action: 'keep going' });
  writer.logStep('auth-jwt', { observation: 'and again', thought: 't', action: 'a' });
  writer.commit('auth-jwt', 'A commit after the merge.');
  const r = await doctor(dir);
  expect(r.code).toBe(EXIT_OK);
  expect(r.out).toMatch(/^warning +\.GCC\/branches\/auth-jwt\/log\.md +2 steps and 1 commit written to `auth-jwt` after it was merged into `main` \(2026-12-02T13:58:[\d.]+\+00:00\): the merge did not carry them +\[appended-after-merge\]$/m);
});

it.each(['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig', 'bad/invalid-yaml'])('finds nothing on %s, whose merges came last', async (corpusCase) => {
  expect((await doctor(join(CORPUS, corpusCase))).out).not.toContain('appended-after-merge');
});
