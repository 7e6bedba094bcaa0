// Starting a fleet server: its URL comes before the fleet is found and read, and a request sent then waits for it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { CORPUS } from '../../fixtures/corpus.ts';
import { startFleetServer } from './fleet-serve.ts';

const TOKEN = 'fleet-serve-token-0123';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('startFleetServer', () => {
  it('prints its URL before it finds the workspaces, and a request sent then gets every row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-fleet-serve-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    for (const [at, corpus] of [['a/py', 'python'], ['ts', 'typescript'], ['deep/go', 'go']]) cpSync(join(CORPUS, corpus!, '.GCC'), join(dir, at!, '.GCC'), { recursive: true });
    const said: string[] = [];
    let early: Promise<FleetResponse> | null = null;
    const log = (line: string) => {
      said.push(line.replace(/ at http.*/, ' at URL').replace(dir, 'DIR'));
      const url = /(http:\/\/\S+)/.exec(line)?.[1];
      if (url) early = fetch(new URL('/api/fleet', url), { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.json() as Promise<FleetResponse>);
    };
    const running = await startFleetServer([dir], 4, { port: 0, open: false, token: TOKEN, log, warn: () => {} });
    cleanups.push(() => running.close());
    expect(said).toEqual(['gcc-studio: serving the workspaces under DIR at URL', 'gcc-studio: 3 workspaces found']);
    const rows = (await early!).rows.map((r) => [r.id, r.state, r.steps > 0]).sort();
    expect(rows).toEqual([['a/py', 'live', true], ['deep/go', 'live', true], ['ts', 'live', true]]);
  });
});
