// `gcc-studio context|inspect DIR --at MOMENT`: the memory as it was, and one line with exit 2 for a moment that
// names nothing.
import { CORPUS as corpus } from '../../fixtures/corpus.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_USAGE, main } from './main.ts';
import type { InspectOutput } from './output.ts';
import type { MomentInfo } from '../../shared/timeline-api.ts';

async function run(...argv: string[]) {
  const chunks: Buffer[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => chunks.push(Buffer.from(t)), err: (l) => err.push(l) }, {});
  return { code, out: Buffer.concat(chunks).toString('utf8'), err };
}

describe('gcc-studio context --at', () => {
  for (const lang of ['typescript', 'rust', 'go'] as const) {
    it(`${lang}: at the last record it is the summary() of now, before the merge it has no merge commit`, async () => {
      const last = await run('context', join(corpus, lang), '--branch', 'auth-session', '--k', '1', '--dialect', lang, '--at', 'auth-session@commit:1');
      expect(last.code).toBe(EXIT_OK);
      expect(last.out).toBe(readFileSync(join(corpus, lang, 'context-auth-session-k1.txt'), 'utf8'));
      const before = await run('context', join(corpus, lang), '--k', '3', '--dialect', lang, '--at', 'auth-jwt@commit:2');
      expect(before.out).toContain('Implemented CRUD for `/todos`');
      expect(before.out).not.toContain('Merged branch');
    });
  }

  it.each([
    [['--at', 'soon'], /^gcc-studio: --at: moment "soon" is neither/],
    [['--at', '2000-01-01T00:00:00Z'], /^gcc-studio: moment "2000-01-01T00:00:00Z" is before the workspace began \(2026-12-02T13:58:02\.484554Z\)$/],
    [['--at', 'nope@commit:1'], /^gcc-studio: moment "nope@commit:1": no branch "nope" \(branches: auth-jwt, auth-session, main\)$/],
    [['--at', 'main@commit:9'], /main has 3 commits$/],
  ])('%j: one line, exit 2', async (flags, line) => {
    const r = await run('context', join(corpus, 'python'), ...flags);
    expect(r.code).toBe(EXIT_USAGE);
    expect(r.out).toBe('');
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(line);
  });
});

describe('gcc-studio inspect --at', () => {
  it('prints the branches as they were, with the moment and its exactness', async () => {
    const r = await run('inspect', join(corpus, 'python'), '--json', '--at', 'auth-jwt@step:2');
    expect(r.code).toBe(EXIT_OK);
    const out = JSON.parse(r.out) as InspectOutput & { at: MomentInfo };
    expect(out.at).toMatchObject({ moment: 'auth-jwt@step:2', exact: true });
    expect(out.branches.map((b) => [b.name, b.status, b.steps.length, b.commits.length])).toEqual([
      ['auth-jwt', 'active', 2, 0],
      ['main', 'active', 6, 2],
    ]);
  });

  it('says in text what is not exact', async () => {
    const r = await run('inspect', join(corpus, 'python'), '--at', 'auth-session@step:1');
    expect(r.out.split('\n')[0]).toMatch(/^as at 2026-12-02T13:58:\d\d\.\d+Z \(auth-session@step:1\), not exact:$/);
    expect(r.out).toMatch(/main\.md: the part at line \d+ has no time of its own/);
  });

  it('says a moment given as a time once', async () => {
    const r = await run('inspect', join(corpus, 'python'), '--at', '2026-12-02T13:58:14Z');
    expect(r.out.split('\n')[0]).toBe('as at 2026-12-02T13:58:14Z');
  });
});
