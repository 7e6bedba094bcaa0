// `gcc-studio export`: the grammar, the Markdown hand-off, and the HTML's inlined snapshot (safe in a <script>).
import { CORPUS as corpus } from '../../fixtures/corpus.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from './args.ts';
import { exportHtml, scriptJson } from './export.ts';
import { EXIT_OK, EXIT_USAGE, main } from './main.ts';

const dir = mkdtempSync(join(tmpdir(), 'gcc-export-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  const err: string[] = [];
  const code = await main(argv, { out: () => {}, err: (l) => err.push(l) }, {});
  return { code, err };
}

describe('export grammar', () => {
  it('takes one of --html or --markdown, and --at', () => {
    expect(parseCommandLine(['export', 'd', '--html', 'f.html', '--at', 'main@commit:1'])).toMatchObject({ kind: 'export', format: 'html', file: 'f.html', at: 'main@commit:1' });
    expect(() => parseCommandLine(['export', 'd'])).toThrow(UsageError);
    expect(() => parseCommandLine(['export', 'd', '--html', 'a', '--markdown', 'b'])).toThrow(/one of --html FILE or --markdown FILE/);
    expect(() => parseCommandLine(['export', 'd', '--markdown', 'b', '--at', 'then'])).toThrow(/--at: moment "then"/);
  });
});

describe('export --markdown', () => {
  it('hands off CONTEXT at K and every branch as it was at the moment', async () => {
    const file = join(dir, 'm.md');
    const r = await run('export', join(corpus, 'typescript'), '--at', 'auth-jwt@commit:2', '--markdown', file, '--k', '2');
    expect(r.code).toBe(EXIT_OK);
    const md = readFileSync(file, 'utf8');
    expect(md).toMatch(/The memory as at 2026-12-02T13:58:\d\d\.\d+Z \(auth-jwt@commit:2\)\./);
    expect(md).toContain('## CONTEXT of `main` at K = 2 (typescript,');
    expect(md).toContain('# CONTEXT — branch `main` (K=2)');
    expect(md).toMatch(/### `auth-jwt`\n\n- purpose: Explore stateless JWT auth[^\n]*\n- status: active\n- 2 commits, 3 steps\n- last commit `[0-9a-f]{8}` /);
    expect(md).not.toContain('auth-session');
  });

  it('refuses a branch that did not exist, in one line', async () => {
    const r = await run('export', join(corpus, 'python'), '--at', 'main@step:1', '--markdown', join(dir, 'x.md'), '--branch', 'auth-jwt');
    expect(r.code).toBe(EXIT_USAGE);
    expect(r.err).toEqual(['gcc-studio: no branch "auth-jwt" (branches: main)']);
  });
});

describe('export --html', () => {
  it('inlines the page and a snapshot no value can break out of', () => {
    const page = join(dir, 'page');
    mkdirSync(join(page, 'assets'), { recursive: true });
    writeFileSync(join(page, 'index.html'), '<html><head><title>t</title><script type="module" crossorigin src="/assets/a.js"></script><link rel="stylesheet" crossorigin href="/assets/a.css"></head></html>');
    writeFileSync(join(page, 'assets/a.js'), 'console.log("$&")');
    writeFileSync(join(page, 'assets/a.css'), 'body{}');
    const snapshot = { exportedAt: 'now', moment: null, workspace: { root: '</script><script>alert(1)</script>' }, branches: {} };
    const html = exportHtml(snapshot as never, page);
    expect(html).toContain('<style>body{}</style>');
    expect(html).toContain('<script type="module">console.log("$&")</script>');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(JSON.parse(scriptJson('a</script>\u2028').replace(/\\u003c/g, '<'))).toBe('a</script>\u2028');
  });
});
