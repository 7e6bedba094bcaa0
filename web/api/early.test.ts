// index.html's inline script asks exactly earlyPaths(search), with the token the client would send; the client takes
// each early answer once, for a plain GET of that path only.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from './auth.ts';
import { earlyPaths, takeEarly, type EarlyRequests } from './early.ts';

const HTML = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
const SCRIPT = /<script>([\s\S]*?)<\/script>/.exec(HTML)?.[1] ?? '';

interface Asked {
  path: string;
  headers: Record<string, string>;
}

/** Runs the script as a page at `href` would, with `stored` in localStorage; what it fetched, and what it left. */
function runScript(href: string, stored: string | null = null) {
  const asked: Asked[] = [];
  const window: { __gccEarly?: EarlyRequests } = {};
  const url = new URL(href);
  runInNewContext(SCRIPT, {
    window,
    location: { protocol: url.protocol, search: url.search },
    URLSearchParams,
    localStorage: { getItem: (k: string) => (k === STORAGE_KEY ? stored : null) },
    fetch: (path: string, init: { headers: Record<string, string> }) => {
      asked.push({ path, headers: init.headers });
      return Promise.resolve(new Response('{}'));
    },
  });
  return { asked, early: window.__gccEarly };
}

describe('early requests', () => {
  it('index.html has the script', () => expect(SCRIPT).toContain('__gccEarly'));

  for (const search of ['', '?token=abc', '?ws=agents%2Fa%20b&token=t', '?tab=graph&branch=main', '?at=2026-01-01T00:00:00Z&token=t']) {
    it(`asks earlyPaths("${search}")`, () => {
      const { asked, early } = runScript(`http://127.0.0.1:4173/${search}`);
      expect(asked.map((a) => a.path)).toEqual(earlyPaths(search));
      if (asked.length) expect(Object.keys(early!)).toEqual(earlyPaths(search));
    });
  }

  it('sends the token of the URL, else the stored one, else none', () => {
    expect(runScript('http://127.0.0.1:1/?token=url', 'stored').asked[0]!.headers.authorization).toBe('Bearer url');
    expect(runScript('http://127.0.0.1:1/', 'stored').asked[0]!.headers.authorization).toBe('Bearer stored');
    expect(runScript('http://127.0.0.1:1/').asked[0]!.headers.authorization).toBeUndefined();
  });

  it('asks nothing in an exported file (no server)', () => {
    expect(runScript('file:///tmp/memory.html').asked).toEqual([]);
  });

  it('a fleet workspace page asks for that workspace', () => {
    expect(earlyPaths('?ws=a%2Fb')).toEqual(['/api/workspace?ws=a%2Fb', '/api/commits?ws=a%2Fb']);
  });

  it('takeEarly gives each answer once, to a plain GET of its path', async () => {
    const answer = Promise.resolve(new Response('{"ok":1}'));
    const store: EarlyRequests = { '/api/workspace': answer, '/api/commits': answer };
    expect(takeEarly('/api/workspace', { method: 'POST', body: '{}' }, store)).toBeNull();
    expect(takeEarly('/api/workspace?at=x', {}, store)).toBeNull();
    expect(takeEarly('/api/workspace', {}, store)).toBe(answer);
    expect(takeEarly('/api/workspace', {}, store)).toBeNull();
    expect(takeEarly('/api/commits', {}, undefined)).toBeNull();
  });
});
