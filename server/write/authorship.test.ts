// Who wrote what: each record written through the agent layer is noted with its client beside .GCC/, never inside it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadedStore } from '../test-support/loaded-store.ts';
import { removeTempCorpusCopies } from '../test-support/temp-corpus.ts';
import { createMemoryWriter } from './agent-writes.ts';
import { createAuthorship } from './authorship.ts';

afterEach(removeTempCorpusCopies);

function allText(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((full) => (statSync(full).isDirectory() ? allText(full) : readFileSync(full, 'utf8')))
    .join('\n');
}

describe('who wrote what', () => {
  it('names the client of each step, commit, branch and merge; the Contexa files never do', async () => {
    const { gccDir, store } = await loadedStore('python');
    const writer = createMemoryWriter({ gccDir, store, readOnly: false });
    const step = await writer.log({ branch: 'main', observation: 'seen', thought: 'so', action: 'do' }, 'claude-code');
    const other = await writer.log({ branch: 'main', observation: 'more', thought: '', action: '' }, 'cursor');
    const commit = await writer.commit({ branch: 'main', contribution: 'done' }, 'claude-code');
    await writer.branch({ name: 'side', purpose: 'try' }, 'codex');
    await writer.log({ branch: 'side', observation: 'side', thought: '', action: '' }, 'codex');
    await writer.commit({ branch: 'side', contribution: 'side work' }, 'codex');
    const merged = await writer.merge({ branch: 'side' }, 'page');

    // A second process's view of the same file (MCP servers share it).
    const authors = createAuthorship(gccDir);
    expect((await authors.ofStep('main', step.step))?.client).toBe('claude-code');
    expect((await authors.ofStep('main', other.step, other.timestamp))?.client).toBe('cursor');
    expect((await authors.ofCommit(commit.commitId, 'main'))?.client).toBe('claude-code');
    expect((await authors.ofCommit(merged.plan.commit.commitId))).toMatchObject({ kind: 'merge', client: 'page', target: 'main' });
    expect(await authors.ofStep('main', 1)).toBeNull();
    expect((await authors.list()).map((a) => a.kind)).toEqual(['step', 'step', 'commit', 'branch', 'step', 'commit', 'merge']);
    expect(allText(gccDir)).not.toMatch(/claude-code|cursor|codex/);
  });
});
