// 100 event-stream clients connecting and leaving while an agent writes: afterwards no handle or heap has grown, and
// the server still answers and streams.
import { request, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CORPUS } from '../fixtures/corpus.ts';
import { PythonGccWriter, writerStateFromExpected } from '../server/demo/python-writer.ts';
import { startAttackStudio } from './studio.ts';
import type { AttackPart } from './types.ts';

const CLIENTS = 100;
/** Allowed growth: the steps the agent appends meanwhile (~300 records) and what a heap settles to. */
const HEAP_SLACK_MB = 4;
const HANDLE_SLACK = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A full collection, without --expose-gc on the command line (npm run attack runs plain tsx). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function figures(gc: () => void): { heapMb: number; handles: number } {
  gc();
  gc();
  return { heapMb: process.memoryUsage().heapUsed / 1048576, handles: process.getActiveResourcesInfo().length };
}

/** One stream client that stays `holdMs` after its first bytes, then leaves; resolves whether it got a stream. */
function oneClient(port: number, token: string, holdMs: number, open: Set<ClientRequest>): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const giveUp = setTimeout(() => done(false), 10_000);
    function done(ok: boolean) {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      open.delete(req);
      req.destroy();
      resolve(ok);
    }
    const headers = { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    const req = request({ host: '127.0.0.1', port, path: '/api/events', agent: false, headers }, (res) => {
      if (res.statusCode !== 200) return done(false);
      res.once('data', () => setTimeout(() => done(true), holdMs));
      res.on('error', () => done(true));
    });
    req.on('error', () => done(false));
    open.add(req);
    req.end();
  });
}

/**
 * For a minute (10 s with --quick). The server runs in this process, like the other parts, so that its heap can be
 * collected and weighed after the clients are gone, and a leak on either side shows. (The resident size is no measure
 * here: it also holds the token worker and what the heap once reached, and drifts by tens of MB.)
 */
export const streamChurnPart: AttackPart = {
  kind: 'fault',
  name: `${CLIENTS} event-stream clients connecting and leaving (handles, heap)`,
  async run({ quick }) {
    const studio = await startAttackStudio('python');
    const writer = new PythonGccWriter(join(studio.project, '.GCC'), writerStateFromExpected(JSON.parse(readFileSync(join(CORPUS, 'python', 'expected.json'), 'utf8'))));
    const { port } = studio.server;
    const gc = collector();
    const failures: string[] = [];
    const open = new Set<ClientRequest>();
    let tried = 0;
    let refused = 0;
    try {
      // Warm up: a first round of clients and the CONTEXT counts, so that what is made once is not taken for growth.
      await studio.request('/api/branches/main/context?k=1');
      // The watcher starts after the first page's screen (up to 2 s in): its handles are the server's, not growth.
      await studio.server.live.watching;
      await Promise.all(Array.from({ length: CLIENTS }, () => oneClient(port, studio.token, 20, open)));
      await pause(300);
      const before = figures(gc);

      const until = Date.now() + (quick ? 10_000 : 60_000);
      const agent = setInterval(() => writer.logStep('main', { observation: `churn ${Date.now()}`, thought: 't', action: 'a' }), 200);
      const lane = async () => {
        while (Date.now() < until) {
          tried++;
          if (!(await oneClient(port, studio.token, 20 + Math.floor(Math.random() * 400), open))) refused++;
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, lane));
      clearInterval(agent);
      await studio.server.live.store.idle();
      await pause(300);
      const after = figures(gc);

      if (refused > 0) failures.push(`${refused} of ${tried} stream connections got no stream`);
      if (after.handles > before.handles + HANDLE_SLACK) failures.push(`open handles grew from ${before.handles} to ${after.handles}`);
      if (after.heapMb > before.heapMb + HEAP_SLACK_MB) failures.push(`the heap grew from ${before.heapMb.toFixed(1)} MB to ${after.heapMb.toFixed(1)} MB`);
      if ((await studio.request('/api/workspace')).status !== 200) failures.push('after the churn /api/workspace did not answer 200');
      if (!(await oneClient(port, studio.token, 0, open))) failures.push('after the churn a new stream client got no stream');
      console.error(`    ${tried} connections: handles ${before.handles} → ${after.handles}, heap ${before.heapMb.toFixed(1)} → ${after.heapMb.toFixed(1)} MB`);
    } finally {
      for (const req of open) req.destroy();
      await studio.stop();
    }
    return { tried, failures };
  },
};
