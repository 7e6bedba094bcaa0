import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Commit, ContextDialect, OtaStep } from '../types.ts';
import { contextRefusal, renderContext, sanitizeValue, type ContextInput } from './context.ts';
import { readerView } from './reader-view.ts';
import { loadCorpusCase } from './replay-scenario.test-helper.ts';

const CORPUS = join(import.meta.dirname, '../../fixtures/corpus');
const read = (p: string): string | null => {
  try {
    return readFileSync(join(CORPUS, p), 'utf8');
  } catch {
    return null;
  }
};

const EXACT: ContextDialect[] = ['python', 'typescript', 'rust', 'go'];

describe.each(EXACT.flatMap((d) => [[d, d] as const, [d, `edge/${d}`] as const]))('renderContext(%s) on %s', (dialect, dir) => {
  const c = loadCorpusCase(dialect, dir, read);
  it.each(c.scenario.contexts)('context-%s-k%i.txt, byte for byte', (branch, k) => {
    const view = readerView(dialect, c.replay.branches.get(branch)!);
    const text = renderContext({ branch, k, roadmap: c.roadmap, ...view }, dialect);
    const file = readFileSync(join(CORPUS, dir, `context-${branch}-k${k}.txt`));
    expect(Buffer.from(text, 'utf8').equals(file)).toBe(true);
    expect(text).toBe(file.toString('utf8')); // for a readable diff when it fails
  });
});
