#!/usr/bin/env node
// Makes dist/bundle/main.cjs.cache (bundle-server.mjs runs this): the bundle is run as a start runs it, on copies of the
// corpus (every dialect read, CONTEXT and inspect, a server answering a page's first requests and settling), and V8's
// bytecode for every function that ran is written beside it. Then a fresh process checks that V8 takes the cache.
// argv: the bundle file.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const ROOT = resolve(import.meta.dirname, '..');
const bundle = resolve(process.argv[2]);
const { loadBundle, saveCodeCache } = await import(pathToFileURL(join(ROOT, 'dist', 'server', 'cli', 'code-cache.js')).href);

if (process.argv[3] === '--check') {
  const { cache } = loadBundle(bundle);
  if (cache !== 'accepted') {
    console.error(`code-cache-train: a fresh process did not use the cache (${cache})`);
    process.exit(1);
  }
  process.exit(0);
}

const TOKEN = 'code-cache-training-token';
const work = mkdtempSync(join(tmpdir(), 'gcc-studio-code-cache-'));
process.env.XDG_RUNTIME_DIR = work;
process.env.GCC_STUDIO_TOKEN = TOKEN;
const corpus = join(ROOT, 'fixtures', 'corpus');
const dialects = readdirSync(corpus, { withFileTypes: true }).filter((e) => e.isDirectory() && readdirSync(join(corpus, e.name)).includes('.GCC'));
for (const d of dialects) cpSync(join(corpus, d.name), join(work, d.name), { recursive: true });

const loaded = loadBundle(bundle, join(work, 'no-cache'));
const { main } = loaded.exports;
const quiet = { out: () => {}, err: () => {} };
try {
  for (const d of dialects) {
    const dir = join(work, d.name);
    await main(['context', dir], quiet);
    await main(['context', dir, '--branch', 'main', '--k', '2'], quiet);
    await main(['inspect', dir, '--json'], quiet);
  }
  await trainServer(join(work, 'python'));
  // V8 takes a cache only under the flags it was made with: the server exposes gc at run time (start-up-garbage.ts), a fresh
  // start has not yet.
  setFlagsFromString('--no-expose-gc');
  if (!saveCodeCache(loaded, bundle)) console.error('code-cache-train: this Node has no zlib.crc32 (20.15+): no cache made');
} finally {
  rmSync(work, { recursive: true, force: true });
}
const check = spawnSync(process.execPath, [import.meta.filename, bundle, '--check'], { stdio: 'inherit' });
process.exit(check.status ?? 1);

/** A server started as `gcc-studio DIR` starts, asked what a page asks first, then left to do what it keeps for later. */
async function trainServer(dir) {
  let url = null;
  const served = main([dir, '--no-open', '--port', '0'], { out: (text) => (url ??= /http:\/\/[^\s]+\//.exec(String(text))?.[0] ?? null), err: () => {} });
  for (let i = 0; url === null && i < 400; i++) await new Promise((r) => setTimeout(r, 25));
  if (url === null) throw new Error('code-cache-train: the server printed no URL');
  const origin = new URL(url).origin;
  const get = async (path) => (await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).arrayBuffer();
  await get('/');
  await get('/api/session');
  await get('/api/fleet');
  await get('/api/workspace');
  await Promise.all(['/api/commits', '/api/timeline', '/api/roadmap', '/api/edits', '/api/merge/history'].map(get));
  for (const branch of ['main', 'auth-session']) {
    await get(`/api/branches/${branch}`);
    await get(`/api/branches/${branch}/steps?from=0&limit=200`);
    await get(`/api/branches/${branch}/context?k=1&dialect=python`);
  }
  await get('/api/compare?head=auth-session&base=main');
  await get('/api/search?q=auth');
  // What starts after the first answer (the watcher, the second look, the kept work) runs in the next seconds.
  await new Promise((r) => setTimeout(r, 3000));
  process.emit('SIGTERM');
  await served;
}
