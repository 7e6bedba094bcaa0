// npm run bench: every speed and memory figure, each beside a peer or baseline measured in the same run, interleaved,
// min and median with their spread. Figures, not pass/fail tests: the targets are printed beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ensureServerBuilt } from './build.ts';
import { runGraphLayoutBench } from './graph-layout.ts';
import { runLiveBench } from './live/rows.ts';
import { runOneShotBench } from './oneshot.ts';
import { parseBenchArgs, type Section } from './options.ts';
import { runParseBench } from './parse.ts';
import { runSpawnBench } from './spawn.ts';
import { runFleetBench } from './fleet.ts';
import { printRows, type BenchRow } from './stats.ts';
import { LARGE_STEPS, largeLog, manyBranches } from './workloads.ts';

async function main(): Promise<void> {
  const o = parseBenchArgs(process.argv.slice(2));
  const began = performance.now();
  console.log(`gcc-studio bench${o.quick ? ' --quick' : ''} — node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at start`);
  console.log(`  ${ensureServerBuilt()}`);
  const scratch = mkdtempSync(join(tmpdir(), 'gcc-bench-'));
  const rows: BenchRow[] = [];
  const section = async (name: Section, title: string, run: () => Promise<BenchRow[]> | BenchRow[]) => {
    if (!o.sections.has(name)) return;
    const t0 = performance.now();
    const got = await run();
    printRows(`${title}  [${((performance.now() - t0) / 1000).toFixed(1)} s]`, got);
    rows.push(...got);
  };
  try {
    const large = largeLog(scratch);
    console.log(`  workload: ${large.description}`);
    const many = o.sections.has('spawn') || o.sections.has('page-scale') ? manyBranches(scratch) : null;
    if (many) console.log(`  workload: ${many.description}`);
    await section('oneshot', `One-shot on the 205k-step log, beside the real Contexa readers (${o.rounds} interleaved rounds)`, () =>
      runOneShotBench(large, scratch, BIN, o.rounds),
    );
    await section('parse', 'Format core in this process: the 205k-step log read into the step index beside a full parse, and one more step', () => runParseBench(large, scratch, LARGE_STEPS, o.quick ? 2 : 5));
    await section('mcp', `An agent's step written on an empty log and on the ${LARGE_STEPS.toLocaleString('en')}-step log, beside Contexa Python's log_ota on the same logs`, async () =>
      (await import('./agent-writes.ts')).runAgentWriteBench(scratch, LARGE_STEPS, o.quick ? { ours: 50, peerEmpty: 20, peerLarge: 2 } : { ours: 300, peerEmpty: 100, peerLarge: 5 }),
    );
    await section('spawn', `Server start-up, spawn → first /api/workspace (${o.rounds} interleaved rounds)`, () =>
      runSpawnBench(BIN, large, many!, o.rounds),
    );
    const live = `${o.liveRounds} round(s); ours in ${o.liveCycles} cycles of 3 phases of ${o.liveSeconds} s: 19 readers alone, beside a stalled client, beside a slow one`;
    await section('live', `Live on the 205k-step log at ${o.liveRate}/s, ours beside a naive dashboard (${live})`, () =>
      runLiveBench(large, scratch, { rounds: o.liveRounds, cycles: o.liveCycles, rate: o.liveRate, seconds: o.liveSeconds, soakSeconds: o.soakSeconds, soakRate: o.soakRate }),
    );
    // After the live section, which appends to the large log: the page reads its step count from the server.
    await section('page-scale', "Page at scale in Debian's Chromium (its Performance API): first render of 500 branches, the 205k-step log", async () =>
      (await import('./page-scale.ts')).runPageScaleBench(large, many!, o.quick ? 1 : 3),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  await section('travel', 'Time travel on a 205,000-step log: a moment after the first load, a 400-bucket timeline, beside the cold full load', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-bench-travel-'));
    try {
      return await (await import('./time-travel.ts')).runTimeTravelBench(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  await section('wide', `Wide: 5,000 branches in one workspace, spawn beside the floor (${o.rounds} interleaved rounds), then ${o.idleSeconds} s idle with no page`, async () =>
    (await import('./wide.ts')).runWideBench(BIN, o.rounds, o.idleSeconds),
  );
  await section('wide-fleet', 'Wide fleet: 1,000 workspaces × 5 branches × 50 steps under one root, 10 writing at 20/s', async () =>
    (await import('./wide.ts')).runWideFleetBench(),
  );
  await section('fleet', 'Fleet: 100 workspaces × 10 branches × 200 steps under one root, 10 writing at 20/s (servers as their own processes)', () => runFleetBench());
  await section('git', `Memory through git: --git on 100 pushed agents, 1,000 refs, push latency (real git, file:// remotes)`, async () => (await import('./git.ts')).runGitBench());
  await section('graph', 'Branch graph: layout of 500 branches / 10,000 commits', () => runGraphLayoutBench());
  await section('page', "Page: Vite's build of it", async () => (await import('./page-size.ts')).runPageSizeBench());
  await section('startup', '--demo start-up: the packed install against the sources through tsx (interleaved, 5 runs each)', async () =>
    (await import('./startup.ts')).runStartupBench(),
  );
  const judged = rows.filter((r) => r.ok !== undefined);
  const missed = judged.filter((r) => r.ok === false);
  console.log(`\n${judged.length - missed.length} targets met, ${missed.length} missed${missed.length ? `: ${missed.map((r) => r.name).join('; ')}` : ''}`);
  console.log(`bench took ${((performance.now() - began) / 1000).toFixed(0)} s; load average ${loadavg()[0]!.toFixed(1)} at the end (on ${cpus().length} cores: above that, wall times stretch and the CPU-time rows are the steadier comparison)`);
}

await main();
