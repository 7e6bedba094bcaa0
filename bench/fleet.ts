// Many agents at once: 100 workspaces under one root, 10 of them written to, served by the fleet server beside
// same-run baselines (one server per agent, a naive re-read per change).
import { fork } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EventSource } from 'eventsource';
import type { FleetEvent, FleetResponse } from '../shared/fleet/fleet-api.ts';
import { parseBurstObservation, wallClockMs } from '../server/test-support/burst.ts';
import { PythonGccWriter } from '../server/demo/python-writer.ts';
import { createEventBus } from '../server/live/event-bus.ts';
import { createStore } from '../server/live/store.ts';
import { discoverWorkspaces } from '../server/fleet/discovery.ts';
import { buildRow } from '../server/fleet/fleet-row.ts';
import { openFleetPage } from './fleet-page.ts';
import { BENCH_TOKEN, residentBytes, spawnServer, type ServerProcess } from './processes.ts';
import { median, quantile, type BenchRow } from './stats.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const WORKSPACES = 100;
const BRANCHES = 10;
const STEPS = 200;
const WRITERS = 10;
const RATE = 20;
const WRITE_SECONDS = 8;

/** One workspace written by the Python writer (`branches` branches, `steps` steps each, a commit every 50), copied. */
export function generateFleet(root: string, workspaces = WORKSPACES, branches = BRANCHES, steps = STEPS): string[] {
  const template = join(root, 'template', '.GCC');
  const w = PythonGccWriter.init(template, 'Fleet bench workspace.');
  for (let b = 1; b < branches; b++) w.createBranch(`branch-${b}`, `Bench branch ${b}`, 'main');
  for (const name of ['main', ...Array.from({ length: branches - 1 }, (_, b) => `branch-${b + 1}`)]) {
    for (let s = 1; s <= steps; s++) {
      w.logStep(name, { observation: `observation ${s} on ${name}`, thought: `thought ${s}`, action: `action ${s % 7}` });
      if (s % 50 === 0) w.commit(name, `milestone ${s / 50} of ${name}`);
    }
  }
  const dirs: string[] = [];
  for (let i = 0; i < workspaces; i++) {
    const dir = join(root, 'agents', `group-${i % 10}`, `agent-${String(i).padStart(3, '0')}`);
    cpSync(template, join(dir, '.GCC'), { recursive: true });
    dirs.push(dir);
  }
  rmSync(join(root, 'template'), { recursive: true, force: true });
  return dirs;
}

export function launcher(): { argv: (args: string[]) => string[]; label: string } {
  const built = join(REPO, 'dist', 'server', 'cli', 'main.js');
  if (existsSync(built)) return { label: 'built command', argv: (args) => [join(REPO, 'bin', 'gcc-studio.js'), ...args] };
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { label: 'sources through tsx', argv: (args) => ['--import', loader, join(REPO, 'bench', 'from-source.ts'), ...args] };
}

/** Process start → URL → the first answer of `probe` (a full /api/fleet, or /api/workspace). */
const startAndProbe = (dir: string, probe: string): Promise<ServerProcess> => spawnServer(launcher().argv([dir, '--no-open', '--port', '0']), { probe });

export function rssMb(pid: number): { rss: number; peak: number } {
  const r = residentBytes(pid);
  return { rss: (r?.rss ?? Number.NaN) / 2 ** 20, peak: (r?.peak ?? Number.NaN) / 2 ** 20 };
}

/** Burst steps (seq, write time) the stream shows: a fleet row's last steps of `main`, or a workspace's appended steps. */
function burstSteps(data: string): { ws: string; steps: { observation: string }[] } | null {
  const event = JSON.parse(data) as FleetEvent | { type: 'steps-appended'; branch: string; steps: { observation: string }[] };
  if (event.type === 'fleet-row') return { ws: event.ws, steps: event.row.branchHealth.find((b) => b.name === 'main')?.recent ?? [] };
  if (event.type === 'steps-appended' && event.branch === 'main') return { ws: '.', steps: event.steps };
  return null;
}

/** Writers at 20 steps/s for WRITE_SECONDS into `gccDirs`; each step's latency to the first frame of `stream` showing it. */
export async function stepLatencies(url: string, gccDirs: string[], firstStep: number): Promise<{ latencies: number[]; written: number }> {
  const latencies: number[] = [];
  const lastSeen = new Map<string, number>();
  // Rows sent on connect carry the last steps of earlier phases: only steps written from now on are timed.
  const since = wallClockMs();
  const source = new EventSource(url, { fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${BENCH_TOKEN}` } }) });
  source.onmessage = (message) => {
    const now = wallClockMs();
    const shown = burstSteps(message.data);
    for (const step of shown?.steps ?? []) {
      const burst = parseBurstObservation(step.observation);
      if (!burst || burst.t < since || burst.seq <= (lastSeen.get(shown!.ws) ?? 0)) continue;
      lastSeen.set(shown!.ws, burst.seq);
      latencies.push(now - burst.t);
    }
  };
  await new Promise<void>((r) => (source.onopen = () => r()));
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const writers = fork(join(REPO, 'bench', 'fleet-writers.ts'), [String(RATE * WRITE_SECONDS), String(RATE), String(firstStep), ...gccDirs], { execArgv: ['--import', loader], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const written = await new Promise<number>((resolve, reject) => {
    writers.on('message', (m: { type?: string; written?: number }) => m.type === 'done' && resolve(m.written ?? 0));
    writers.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`writers exited with ${code}`))));
  });
  const deadline = Date.now() + 3_000;
  while (latencies.length < written && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  source.close();
  return { latencies, written };
}

/** The fleet's row rebuild of one workspace beside a naive full re-read of it (what a change costs each way). */
async function rowCost(dir: string): Promise<{ rowMs: number; reloadMs: number }> {
  const gccDir = join(dir, '.GCC');
  const row: number[] = [];
  const reload: number[] = [];
  const store = createStore({ gccDir, root: dir, readOnly: true, bus: createEventBus() });
  await store.load();
  for (let i = 0; i < 20; i++) {
    let t = performance.now();
    buildRow({ id: 'x', path: dir, state: 'live', version: i, view: store, activity: null, writeDiagnostics: [] });
    row.push(performance.now() - t);
    t = performance.now();
    const fresh = createStore({ gccDir, root: dir, readOnly: true, bus: createEventBus() });
    await fresh.load();
    buildRow({ id: 'x', path: dir, state: 'live', version: i, view: fresh, activity: null, writeDiagnostics: [] });
    reload.push(performance.now() - t);
  }
  return { rowMs: median(row), reloadMs: median(reload) };
}

async function scanCost(root: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await discoverWorkspaces({ roots: [root], maxDepth: 4 });
    times.push(performance.now() - t);
  }
  return median(times);
}

function pageRows(firstRenderMs: number | null, longTasks: number[] | null): BenchRow[] {
  if (firstRenderMs === null || longTasks === null) return [{ name: 'fleet page in Chromium', value: 'skipped: no built page (npm run build)' }];
  const worst = Math.max(0, ...longTasks);
  return [
    { name: 'fleet page first render, 100 rows (Chromium)', value: `${firstRenderMs.toFixed(0)} ms`, target: '≤ 1000 ms', ok: firstRenderMs <= 1000 },
    { name: 'long tasks while 10 write (Chromium)', value: `${longTasks.length} over 50 ms, longest ${worst.toFixed(0)} ms`, target: 'none over 50 ms', ok: longTasks.length === 0 },
  ];
}

/**
 * 100 workspaces × 10 branches × 200 steps, 10 with a writer at 20 steps/s. The fleet server runs as its own process
 * (the built command when there is one, else the sources through tsx; the baseline runs the same way): cold start to
 * the first full /api/fleet, its RSS, and step → fleet row over /api/fleet/events, beside one single-workspace server
 * on one workspace (today's way: a server per agent) and its append → SSE latency; the row rebuild beside a naive full
 * re-read per change; the 1 s rescan's cost.
 */
export async function runFleetBench(): Promise<BenchRow[]> {
  const root = mkdtempSync(join(tmpdir(), 'gcc-bench-fleet-'));
  try {
    const t0 = performance.now();
    const dirs = generateFleet(root);
    const genS = (performance.now() - t0) / 1000;
    const how = launcher().label;
    // The baseline: today's single-workspace server on a workspace no writer of the fleet phase touches.
    const alone = dirs[WORKSPACES - 1]!;
    const baseline = await startAndProbe(alone, '/api/workspace');
    const baseRss = rssMb(baseline.child.pid!);
    const single = await stepLatencies(`${baseline.origin}/api/events`, [join(alone, '.GCC')], STEPS + 1);
    await baseline.stop();
    const fleet = await startAndProbe(root, '/api/fleet');
    const rows = ((await (await fetch(`${fleet.origin}/api/fleet`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })).json()) as FleetResponse).rows;
    const idle = rssMb(fleet.child.pid!);
    const writing = dirs.slice(0, WRITERS).map((d) => join(d, '.GCC'));
    // First the server alone (the browser would take a core of two), then the page while the writers go on.
    const { latencies, written } = await stepLatencies(`${fleet.origin}/api/fleet/events`, writing, STEPS + 1);
    const busy = rssMb(fleet.child.pid!);
    const browser = existsSync(join(REPO, 'dist', 'web', 'index.html')) ? await openFleetPage(`${fleet.origin}/?token=${BENCH_TOKEN}`, WORKSPACES) : null;
    if (browser) await stepLatencies(`${fleet.origin}/api/fleet/events`, writing, STEPS + 1 + RATE * WRITE_SECONDS);
    const longTasks = (await browser?.finish()) ?? null;
    await fleet.stop();
    const cost = await rowCost(dirs[1]!);
    const scanMs = await scanCost(root);
    const p99 = quantile(latencies, 0.99);
    return [
      { name: `generated ${WORKSPACES} × ${BRANCHES} branches × ${STEPS} steps (${how})`, value: `${genS.toFixed(1)} s, ${rows.length} rows served` },
      { name: 'cold start → full /api/fleet, 100 workspaces', value: `${fleet.firstAnswerMs.toFixed(0)} ms`, target: '≤ 3000 ms', ok: fleet.firstAnswerMs <= 3000 && rows.length === WORKSPACES },
      { name: 'baseline: one single-workspace server → /api/workspace', value: `${baseline.firstAnswerMs.toFixed(0)} ms (a server per agent: 100 processes)` },
      { name: 'RSS of the fleet server, peak while 10 write', value: `${busy.peak.toFixed(0)} MB (idle ${idle.rss.toFixed(0)} MB)`, target: '≤ 300 MB', ok: busy.peak <= 300 },
      { name: 'baseline: one single-workspace server, ×100', value: `${baseRss.rss.toFixed(0)} MB each → ${(baseRss.rss * WORKSPACES).toFixed(0)} MB for 100` },
      { name: `step → fleet row, ${WRITERS} writers × ${RATE}/s`, value: `p50 ${median(latencies).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, ${latencies.length}/${written} steps seen`, target: '≤ 200 ms p99', ok: p99 <= 200 && latencies.length === written },
      { name: `baseline: append → SSE of a single-workspace server at ${RATE}/s`, value: `p50 ${median(single.latencies).toFixed(0)} ms, p99 ${quantile(single.latencies, 0.99).toFixed(0)} ms, ${single.latencies.length}/${single.written} seen` },
      ...pageRows(browser?.firstRenderMs ?? null, longTasks),
      { name: 'row rebuild of a changed workspace (median)', value: `${cost.rowMs.toFixed(2)} ms` },
      { name: 'baseline: naive full re-read of it per change', value: `${cost.reloadMs.toFixed(1)} ms` },
      { name: 'one rescan of the root (every 1 s)', value: `${scanMs.toFixed(1)} ms` },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
