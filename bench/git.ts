// Memory through git: a cold start of `gcc-studio --git` on 100 pushed agents × 10 branches × 200 steps, the first
// answer of a 1,000-ref fleet beside a plain `git for-each-ref` on the same mirror, and the push latency (an append,
// `gcc-studio push`, the row updated on the viewer's stream) beside the refresh interval.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EventSource } from 'eventsource';
import type { FleetEvent, FleetResponse } from '../shared/fleet/fleet-api.ts';
import { PythonGccWriter } from '../server/demo/python-writer.ts';
import { gccFiles, writeManyRefs } from '../server/test-support/many-refs.ts';
import { BENCH_TOKEN, spawnServer, type ServerProcess } from './processes.ts';
import { median, type BenchRow } from './stats.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(REPO, 'bin', 'gcc-studio.js');
const AGENTS = 100;
const BRANCHES = 10;
const STEPS = 200;
const REFRESH_S = 1;
const PUSHES = 5;

/** A .GCC/ written by the Python writer: 10 branches of 200 steps, a commit every 50. */
function template(root: string, branches: number, steps: number): string {
  const gcc = join(root, 'template', '.GCC');
  const w = PythonGccWriter.init(gcc, 'Git bench workspace.');
  for (let b = 1; b < branches; b++) w.createBranch(`branch-${b}`, `Bench branch ${b}`, 'main');
  for (const name of ['main', ...Array.from({ length: branches - 1 }, (_, b) => `branch-${b + 1}`)]) {
    for (let s = 1; s <= steps; s++) {
      w.logStep(name, { observation: `observation ${s} on ${name}`, thought: `thought ${s}`, action: `action ${s % 7}` });
      if (s % 50 === 0) w.commit(name, `milestone ${s / 50} of ${name}`);
    }
  }
  return gcc;
}

function filesBelow(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) (e.isDirectory() ? walk(join(d, e.name)) : out.push(relative(dir, join(d, e.name))));
  };
  walk(dir);
  return out.filter((p) => p !== 'main.md');
}

function bareRemote(root: string, name: string): string {
  const dir = join(root, name);
  execFileSync('git', ['init', '-q', '--bare', dir]);
  return dir;
}

async function gitServer(remote: string, cache: string, refresh = 5): Promise<ServerProcess> {
  process.env.XDG_CACHE_HOME = cache;
  return spawnServer([BIN, '--git', `file://${remote}`, '--refresh', String(refresh), '--no-open', '--port', '0'], { probe: '/api/fleet' });
}

async function fleetOf(server: ServerProcess): Promise<FleetResponse> {
  return (await (await fetch(`${server.origin}/api/fleet`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })).json()) as FleetResponse;
}

/** Spawn → every row read (polled every 50 ms). */
async function allLive(server: ServerProcess, t0: number, count: number): Promise<number> {
  for (;;) {
    const rows = (await fleetOf(server)).rows;
    if (rows.length === count && rows.every((r) => r.state === 'live')) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function coldStart(root: string, gcc: string): Promise<BenchRow[]> {
  const remote = bareRemote(root, 'agents.git');
  writeManyRefs(remote, AGENTS, gccFiles(gcc, filesBelow(gcc)));
  const rows: BenchRow[] = [];
  for (const [label, cache] of [['cold (no mirror yet)', join(root, 'cache-cold')], ['warm (mirror fetched before)', join(root, 'cache-cold')]] as const) {
    const t0 = performance.now();
    const server = await gitServer(remote, cache);
    try {
      const live = await allLive(server, t0, AGENTS);
      rows.push({ name: `--git, ${AGENTS} agents × ${BRANCHES} branches × ${STEPS} steps, ${label}: spawn → first /api/fleet`, value: ms(server.firstAnswerMs) });
      rows.push({ name: `  … → every row read`, value: ms(live) });
    } finally {
      await server.stop();
    }
  }
  return rows;
}

async function thousandRefs(root: string, gcc: string): Promise<BenchRow[]> {
  const remote = bareRemote(root, 'thousand.git');
  writeManyRefs(remote, 1000, gccFiles(gcc, ['branches/main/log.md', 'branches/main/commit.md', 'branches/main/metadata.yaml']));
  const cache = join(root, 'cache-1000');
  const server = await gitServer(remote, cache);
  let first = server.firstAnswerMs;
  try {
    const listed = (await fleetOf(server)).rows.length;
    const mirror = join(cache, 'gcc-studio', 'git', 'mirror');
    const gitDir = join(mirror, readdirSync(mirror)[0]!);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      execFileSync('git', ['--git-dir', gitDir, 'for-each-ref', '--format=%(objectname) %(refname)'], { stdio: ['ignore', 'ignore', 'inherit'] });
      times.push(performance.now() - t0);
    }
    first = server.firstAnswerMs;
    return [
      { name: `1,000 refs: spawn → first /api/fleet (${listed} rows listed, cold mirror)`, value: ms(first), target: '< 3,000 ms', ok: first < 3000 },
      { name: '  beside: git for-each-ref on the same mirror (median of 5)', value: ms(median(times)) },
    ];
  } finally {
    await server.stop();
  }
}

async function pushLatency(root: string): Promise<BenchRow[]> {
  const remote = bareRemote(root, 'live.git');
  const agent = join(root, 'agent');
  const w = PythonGccWriter.init(join(agent, '.GCC'), 'An agent far away.');
  w.logStep('main', { observation: 'first', thought: 't', action: 'a' });
  const env = { ...process.env, XDG_CACHE_HOME: join(root, 'cache-push') };
  const push = () => execFileSync(process.execPath, [BIN, 'push', agent, '--remote', `file://${remote}`, '--ref', 'gcc/live'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  push();
  const server = await gitServer(remote, join(root, 'cache-viewer'), REFRESH_S);
  const source = new EventSource(`${server.origin}/api/fleet/events`, { fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${BENCH_TOKEN}` } }) });
  let steps = 1;
  let seen: (() => void) | null = null;
  source.onmessage = (m) => {
    const e = JSON.parse(m.data as string) as FleetEvent;
    if (e.type === 'fleet-row' && e.ws === 'gcc/live' && e.row.steps >= steps) seen?.();
  };
  const latencies: number[] = [];
  const pushTimes: number[] = [];
  try {
    for (let i = 0; i < PUSHES; i++) {
      const t0 = performance.now();
      w.logStep('main', { observation: `pushed ${i}`, thought: 't', action: 'a' });
      steps++;
      const shown = new Promise<void>((r) => (seen = r));
      const p0 = performance.now();
      push();
      pushTimes.push(performance.now() - p0);
      await shown;
      latencies.push(performance.now() - t0);
    }
  } finally {
    source.close();
    await server.stop();
  }
  return [
    { name: `push latency: append → gcc-studio push → row updated on the viewer (median of ${PUSHES}, --refresh ${REFRESH_S})`, value: ms(median(latencies)), target: `< refresh + 2 s = ${REFRESH_S + 2} s`, ok: median(latencies) < (REFRESH_S + 2) * 1000 },
    { name: '  of which the push command itself (spawn, commit, push)', value: ms(median(pushTimes)) },
    { name: '  beside: the refresh interval', value: `${REFRESH_S * 1000} ms` },
  ];
}

export async function runGitBench(): Promise<BenchRow[]> {
  const root = mkdtempSync(join(tmpdir(), 'gcc-bench-git-'));
  const cacheBefore = process.env.XDG_CACHE_HOME;
  try {
    const gcc = template(root, BRANCHES, STEPS);
    return [...(await coldStart(root, gcc)), ...(await thousandRefs(root, gcc)), ...(await pushLatency(root))];
  } finally {
    if (cacheBefore === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = cacheBefore;
    rmSync(root, { recursive: true, force: true });
  }
}
