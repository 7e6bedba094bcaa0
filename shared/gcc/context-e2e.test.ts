// End to end: the corpus files, parsed losslessly by log.ts and commits.ts, then read as each
// implementation reads them (readerView) and rendered (renderContext), must give the exact bytes of
// that implementation's own CONTEXT text and its own parser's records.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContextDialect } from '../types.ts';
import { parseCommits } from './commits.ts';
import { renderContext, type RenderDialect } from './context.ts';
import { parseLog } from './log.ts';
import { readerView } from './reader-view.ts';
import { readerFields, type ExpectedJson } from './replay-scenario.test-helper.ts';
import { countTokens, tokenCountsByK } from './tokens.ts';

const CORPUS = join(import.meta.dirname, '../../fixtures/corpus');
const bytes = (p: string): Uint8Array => readFileSync(join(CORPUS, p));
const text = (p: string): string => readFileSync(join(CORPUS, p), 'utf8');

function parsedBranch(dir: string, branch: string, dialect: RenderDialect) {
  const base = `${dir}/.GCC/branches/${branch}`;
  const log = parseLog(bytes(`${base}/log.md`), { file: `branches/${branch}/log.md`, dialect });
  const commits = parseCommits(bytes(`${base}/commit.md`), { file: `branches/${branch}/commit.md`, branch, dialect });
  return { steps: log.steps, commits: commits.commits, pending: [log.pending, commits.pending] };
}

function scenario(dir: string): { branches: string[]; contexts: [string, number][] } {
  return JSON.parse(text(dir.startsWith('edge/') ? 'edge.json' : 'scenario.json')) as {
    branches: string[];
    contexts: [string, number][];
  };
}

const EXACT: ContextDialect[] = ['python', 'typescript', 'rust', 'go'];

describe.each(EXACT.flatMap((d) => [[d, d] as const, [d, `edge/${d}`] as const]))('parse → readerView(%s) → renderContext on %s', (dialect, dir) => {
  const { branches, contexts } = scenario(dir);
  const expected = JSON.parse(text(`${dir}/expected.json`)) as ExpectedJson;
  const roadmap = text(`${dir}/.GCC/main.md`);

  it.each(branches)('branch %s: the implementation parser\'s records', (branch) => {
    const parsed = parsedBranch(dir, branch, dialect);
    expect(parsed.pending).toEqual([null, null]);
    const view = readerView(dialect, parsed);
    expect(view.steps.map(readerFields)).toEqual(expected.branches[branch]!.ota);
    expect(view.commits.map(readerFields)).toEqual(expected.branches[branch]!.commits);
  });

  it.each(contexts)('context-%s-k%i.txt byte for byte', (branch, k) => {
    const view = readerView(dialect, parsedBranch(dir, branch, dialect));
    const rendered = renderContext({ branch, k, roadmap, ...view }, dialect);
    expect(Buffer.from(rendered, 'utf8').equals(Buffer.from(bytes(`${dir}/context-${branch}-k${k}.txt`)))).toBe(true);
    // tokenCountsByK covers K = 1 .. number of commits (auth-session has one commit, asked with K = 2).
    if (k <= view.commits.length) {
      expect(tokenCountsByK({ branch, roadmap, ...view }, dialect)[k - 1]).toBe(countTokens(rendered));
    }
  });
});
