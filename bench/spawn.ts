// Server start-up on the big workspaces, as a user meets it: `gcc-studio DIR` spawned (the built command), timed to
// its first answered /api/workspace, and its resident memory then and once it has settled. Beside it in the same
// run, interleaved: the floor, a node process that only reads every file and finds each record boundary.
import { join } from 'node:path';
import { describeMs, interleaved, mb, middle as median } from './figures.ts';
import { MAX_QUIET_WAIT_MS } from '../server/http/first-answer.ts';
import { describeStartCpu, residentBytes, serverSettled, spawnServer, timedRun, type StartCpu } from './processes.ts';
import type { BenchRow } from './stats.ts';
import type { Workload } from './workloads.ts';

const FLOOR = join(import.meta.dirname, 'floor.mjs');

async function floorMs(work: Workload): Promise<number> {
  const run = await timedRun(process.execPath, [FLOOR, join(work.dir, '.GCC')]);
  if (run.status !== 0) throw new Error(`floor.mjs failed: ${run.stderr}`);
  return run.wallMs;
}

interface Started extends StartCpu {
  ms: number;
  urlMs: number;
  rss: number;
  settledRss: number;
}

async function startOnce(bin: string, work: Workload): Promise<Started> {
  const server = await spawnServer([bin, work.dir, '--no-open', '--port', '0']);
  try {
    const rss = residentBytes(server.child.pid!)?.rss ?? Number.NaN;
    // What start-up keeps for later (the watcher's scan, CONTEXT warming, the token worker) begins at most
    // MAX_QUIET_WAIT_MS after the first answer when no page connects: that is waited out, then the CPU's quiet.
    await new Promise((r) => setTimeout(r, MAX_QUIET_WAIT_MS));
    await serverSettled(server);
    const settledRss = residentBytes(server.child.pid!)?.rss ?? Number.NaN;
    return { ms: server.firstAnswerMs, urlMs: server.urlMs, firstAnswerCpuMs: server.firstAnswerCpuMs, firstAnswerMainThread: server.firstAnswerMainThread, rss, settledRss };
  } finally {
    await server.stop();
  }
}

export async function runSpawnBench(bin: string, large: Workload, many: Workload, rounds: number): Promise<BenchRow[]> {
  const started: Record<'large' | 'many', Started[]> = { large: [], many: [] };
  const t = await interleaved(rounds, {
    large: async () => {
      const s = await startOnce(bin, large);
      started.large.push(s);
      return s.ms;
    },
    largeFloor: () => floorMs(large),
    many: async () => {
      const s = await startOnce(bin, many);
      started.many.push(s);
      return s.ms;
    },
    manyFloor: () => floorMs(many),
  });
  const limit = 1.5 * large.bytes + 100e6;
  const manyLimit = 1.5 * many.bytes + 100e6;
  const rssAfter = median(started.large.map((s) => s.rss));
  const rssSettled = median(started.large.map((s) => s.settledRss));
  const worst = Math.max(rssAfter, rssSettled);
  return [
    { name: 'spawn → first /api/workspace, 205k steps', value: describeMs(t.large), target: '≤ 500 ms', ok: median(t.large) <= 500 },
    { name: '  its CPU time by the first answer', value: describeStartCpu(started.large) },
    { name: 'floor: read all files + find records, 205k', value: describeMs(t.largeFloor) },
    {
      name: 'spawn → first /api/workspace, 500 branches',
      value: `${describeMs(t.many)} (${(median(t.many) / median(t.manyFloor)).toFixed(1)}× the floor)`,
      target: '≤ 2× the floor',
      ok: median(t.many) <= 2 * median(t.manyFloor),
    },
    { name: '  its CPU time by the first answer', value: describeStartCpu(started.many) },
    // The browser is opened at the URL line: the page's own loading overlaps the rest of the start.
    { name: '  its URL line printed', value: describeMs(started.many.map((s) => s.urlMs)) },
    { name: 'floor: read all files + find records, 500 br.', value: describeMs(t.manyFloor) },
    {
      name: 'server RSS, 205k workspace loaded',
      value: `${mb(rssAfter)} at the first answer, ${mb(rssSettled)} settled (limit ${mb(limit)} = 1.5 × ${mb(large.bytes)} + 100 MB)`,
      target: '≤ 1.5 × bytes + 100 MB',
      ok: worst <= limit,
    },
    {
      name: 'server RSS, 500-branch workspace loaded',
      value: `${mb(median(started.many.map((s) => s.rss)))} at the first answer, ${mb(median(started.many.map((s) => s.settledRss)))} settled (limit ${mb(manyLimit)} = 1.5 × ${mb(many.bytes)} + 100 MB)`,
      target: '≤ 1.5 × bytes + 100 MB',
      ok: Math.max(median(started.many.map((s) => s.rss)), median(started.many.map((s) => s.settledRss))) <= manyLimit,
    },
  ];
}
