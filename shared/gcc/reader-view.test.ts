import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContextDialect } from '../types.ts';
import { readerView } from './reader-view.ts';
import { loadCorpusCase, readerFields } from './replay-scenario.test-helper.ts';

const CORPUS = join(import.meta.dirname, '../../fixtures/corpus');
const read = (p: string): string | null => {
  try {
    return readFileSync(join(CORPUS, p), 'utf8');
  } catch {
    return null;
  }
};

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
