// End to end: the corpus files, parsed losslessly by log.ts and commits.ts, then read as each
// implementation reads them (readerView) and rendered (renderContext), must give the exact bytes of
// that implementation's own CONTEXT text and its own parser's records.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContextDialect } from '../../types.ts';
import { parseCommits } from '../read/commits.ts';
import { renderContext, type RenderDialect } from './render.ts';
import { parseLog } from '../read/log.ts';
import { readerView } from '../dialects/reader-view.ts';
import { showEscaped } from '../dialects/escaped-text.ts';
import { readerFields, type ExpectedJson } from '../test-support/replay-scenario.ts';
import { countTokens, exactCountsByK } from './count.ts';

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
      expect(exactCountsByK({ branch, roadmap, ...view }, dialect)[k - 1]).toBe(countTokens(rendered));
    }
  });
});

// APPROXIMATE dialects, end to end: Zig and Lua byte for byte, Elixir after decoding its invalid
// UTF-8 (its own reader's cut `—`) as U+FFFD. edge/lua is not listed: a few `\---` lines differ.
describe.each([
  ['zig', 'zig', 'bytes'],
  ['zig', 'edge/zig', 'bytes'],
  ['lua', 'lua', 'bytes'],
  ['elixir', 'elixir', 'lossy'],
  ['elixir', 'edge/elixir', 'lossy'],
] as const)('approximate: parse → readerView(%s) → renderContext on %s', (dialect, dir, compare) => {
  const { contexts } = scenario(dir);
  const roadmap = new TextDecoder().decode(bytes(`${dir}/.GCC/main.md`));
  it.each(contexts)(`context-%s-k%i.txt (${compare})`, (branch, k) => {
    const view = readerView(dialect, parsedBranch(dir, branch, dialect));
    const rendered = renderContext({ branch, k, roadmap, ...view }, dialect);
    const file = bytes(`${dir}/context-${branch}-k${k}.txt`);
    if (compare === 'bytes') expect(Buffer.from(rendered, 'utf8').equals(Buffer.from(file))).toBe(true);
    expect(showEscaped(rendered)).toBe(new TextDecoder().decode(file));
  });
});

// A hand-written log with legacy `### Step N-ts` headers, a block without header, a commit id without
// backticks, CRLF and a last block without its `---`: the canonical re-writing cannot carry these, so
// each record is read from the file's own bytes (readerView's `files`).
describe.each(EXACT)('legacy-handcrafted: parse → readerView(%s, with the files) → renderContext', (dialect) => {
  const dir = 'edge/legacy-handcrafted';
  const base = `${dir}/.GCC/branches/main`;
  const log = bytes(`${base}/log.md`);
  const commit = bytes(`${base}/commit.md`);
  const parsedLog = parseLog(log, { file: 'branches/main/log.md' });
  const parsedCommits = parseCommits(commit, { file: 'branches/main/commit.md', branch: 'main' });
  const files = { log, commit, logPending: parsedLog.pending?.range, commitPending: parsedCommits.pending?.range };
  const view = readerView(dialect, { steps: parsedLog.steps, commits: parsedCommits.commits }, files);
  const expected = JSON.parse(text(`${dir}/readers/${dialect}/expected.json`)) as ExpectedJson;

  it("the implementation parser's records", () => {
    expect(view.steps.map(readerFields)).toEqual(expected.branches.main!.ota);
    expect(view.commits.map(readerFields)).toEqual(expected.branches.main!.commits);
  });

  it.each([1, 2])('context-main-k%i.txt byte for byte', (k) => {
    const rendered = renderContext({ branch: 'main', k, roadmap: text(`${dir}/.GCC/main.md`), ...view }, dialect);
    expect(rendered).toBe(text(`${dir}/readers/${dialect}/context-main-k${k}.txt`));
  });
});
