// npm run bench: every speed and memory figure of gcc-studio, each next to a baseline measured in the same run.
// Figures, not pass/fail tests: a busy machine moves them, so the targets are printed beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLatencyBench } from './latency.ts';
import { runParseBench } from './parse.ts';
import { runPageSizeBench } from './page-size.ts';
import { runStartupBench } from './startup.ts';
import { runFleetBench } from './fleet.ts';
import { printRows, type BenchRow } from './stats.ts';

async function main(): Promise<void> {
  console.log(`gcc-studio bench — node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at start`);
  const scratch = mkdtempSync(join(tmpdir(), 'gcc-bench-'));
  const rows: BenchRow[] = [];
  try {
    const parse = runParseBench(scratch);
    printRows('Format core: 205,000-step log', parse);
    rows.push(...parse);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const page = await runPageSizeBench();
  printRows("Page: Vite's build of it", page);
  rows.push(...page);
  const startup = await runStartupBench();
  printRows('Start-up: the packed install against the sources through tsx (interleaved, 5 runs each)', startup);
  rows.push(...startup);
  const latency = await runLatencyBench();
  printRows('Live: append → SSE event at the client', latency);
  rows.push(...latency);
  const fleet = await runFleetBench();
  printRows('Fleet: 100 workspaces under one root, 10 writing (server as its own process)', fleet);
  rows.push(...fleet);
  const missed = rows.filter((r) => r.ok === false);
  console.log(`\n${rows.filter((r) => r.ok !== undefined).length - missed.length} targets met, ${missed.length} missed${missed.length ? `: ${missed.map((r) => r.name).join('; ')}` : ''}`);
}

await main();
