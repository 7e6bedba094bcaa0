// inspect and doctor over a fleet's workspaces, on real folders copied from the corpus.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { main } from './main.ts';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function root(layout: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-fleet-cli-'));
  made.push(dir);
  for (const [at, corpus] of Object.entries(layout)) cpSync(join(CORPUS, corpus, '.GCC'), join(dir, at, '.GCC'), { recursive: true, verbatimSymlinks: true });
  return dir;
}

async function run(argv: string[]) {
  let out = '';
  const err: string[] = [];
  const code = await main(argv, { out: (t) => (out += t), err: (l) => err.push(l) }, {});
  return { code, out, err };
}

describe('inspect and doctor over a fleet', () => {
  it('inspect --json prints one entry per workspace', async () => {
    const dir = root({ 'a/py': 'python', go: 'go' });
    const { code, out } = await run(['inspect', dir, '--json']);
    expect(code).toBe(0);
    const entries = JSON.parse(out) as { workspace: string; branches: unknown[] }[];
    expect(entries.map((e) => e.workspace)).toEqual(['a/py', 'go']);
    expect(entries.every((e) => e.branches.length > 0)).toBe(true);
    expect((await run(['inspect', dir, '--json', '--depth', '1'])).out).not.toContain('a/py');
  });

  it('doctor exits 1 when any workspace has an error, 0 when none has', async () => {
    const healthy = root({ one: 'python', two: 'rust' });
    const clean = await run(['doctor', healthy, '--json']);
    expect(clean.code).toBe(0);
    expect((JSON.parse(clean.out) as { errors: boolean }[]).map((e) => e.errors)).toEqual([false, false]);
    const sick = root({ one: 'python', bad: 'bad/invalid-yaml' });
    const found = await run(['doctor', sick, '--json']);
    expect(found.code).toBe(1);
    expect((JSON.parse(found.out) as { workspace: string; errors: boolean }[]).find((e) => e.workspace === 'bad')!.errors).toBe(true);
    const text = await run(['doctor', sick]);
    expect(text.code).toBe(1);
    expect(text.out).toContain('[bad]');
  });

  it('doctor --json on one workspace prints a one-entry array; a folder with nothing still says so', async () => {
    const dir = root({ '': 'python' });
    const one = await run(['doctor', dir, '--json']);
    expect((JSON.parse(one.out) as { workspace: string }[]).map((e) => e.workspace)).toEqual(['.']);
    const empty = await run(['inspect', root({})]);
    expect(empty.code).toBe(2);
    expect(empty.err[0]).toMatch(/holds no \.GCC\/ folder$/);
  });
});
