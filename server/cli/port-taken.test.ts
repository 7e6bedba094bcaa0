// An explicit --port that is taken fails with one line and exit 2 (a script that named the port would otherwise
// talk to whatever holds it); only the default port moves to a free one.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { EXIT_USAGE, main } from './main.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function holdPort(): Promise<{ server: Server; port: number }> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => done({ server, port: (server.address() as { port: number }).port }));
  });
}

it('exits 2 when the port asked for with --port is taken', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-port-'));
  mkdirSync(join(dir, '.GCC'));
  const held = await holdPort();
  cleanups.push(() => held.server.close(), () => rmSync(dir, { recursive: true, force: true }));
  const err: string[] = [];
  const out: string[] = [];
  const code = await main([dir, '--port', String(held.port), '--no-open'], { out: (t) => out.push(String(t)), err: (l) => err.push(l) }, { GCC_STUDIO_TOKEN: 'port-test-token' });
  expect(code).toBe(EXIT_USAGE);
  expect(err).toEqual([`gcc-studio: port ${held.port} is taken (leave --port out to use a free one)`]);
  expect(out).toEqual([]);
});
