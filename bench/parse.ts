// Format-core figures: full parse of a huge log, and one more step ingested incrementally versus re-parsing the
// whole file, both measured in the same run on the same bytes (reading the file included, as the server does).
import { appendFileSync, closeSync, copyFileSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { continueLog, parseLog, type LogState } from '../shared/gcc/read/log.ts';
import { describeMs } from './figures.ts';
import { largeStepText } from './gen-large.ts';
import { median, type BenchRow } from './stats.ts';
import type { Workload } from './workloads.ts';

const FILE = 'branches/main/log.md';

function readFrom(path: string, offset: number): Uint8Array {
  const size = statSync(path).size;
  const buf = Buffer.allocUnsafe(Math.max(0, size - offset));
  const fd = openSync(path, 'r');
  try {
    let done = 0;
    while (done < buf.length) done += readSync(fd, buf, done, buf.length - done, offset + done);
  } finally {
    closeSync(fd);
  }
  return buf;
}

/** In this process, on a copy of the big log (the appends must not reach the other sections' workspace). */
export function runParseBench(large: Workload, scratch: string, steps: number, rounds: number): BenchRow[] {
  const logPath = join(scratch, 'parse-log.md');
  copyFileSync(large.logPath!, logPath);

  // Full parse: read the file and parse every step, `rounds` times; the median is the figure.
  const fullRuns: number[] = [];
  let state: LogState | null = null;
  let parsedSteps = 0;
  let heapAfter = 0;
  for (let run = 0; run < rounds; run++) {
    const t0 = performance.now();
    const result = parseLog(readFileSync(logPath), { file: FILE });
    fullRuns.push(performance.now() - t0);
    state = result.state;
    parsedSteps = result.steps.length;
    if (run === 0) heapAfter = process.memoryUsage().heapUsed;
  }
  const fullMs = median(fullRuns);

  // Incremental: the agent appends one step; read from the last offset and continue. Repeated to get a stable
  // median, each against a fresh append, exactly as the watcher sees it.
  const incRuns: number[] = [];
  const reparseRuns: number[] = [];
  let next = steps + 1;
  const incRounds = rounds * 5;
  for (let run = 0; run < incRounds; run++) {
    appendFileSync(logPath, largeStepText(next++, 'ts'));
    const t0 = performance.now();
    const result = continueLog(state!, readFrom(logPath, state!.consumed));
    incRuns.push(performance.now() - t0);
    if (result.steps.length !== 1 || result.needsFullReparse) throw new Error(`incremental parse produced ${result.steps.length} steps`);
    state = result.state;
    if (run < Math.min(3, rounds)) {
      // The baseline: what a reader without offsets does for the same append.
      const r0 = performance.now();
      parseLog(readFileSync(logPath), { file: FILE });
      reparseRuns.push(performance.now() - r0);
    }
  }
  const incMs = median(incRuns);
  const reparseMs = median(reparseRuns);

  return [
    { name: 'full parse (read + parse), in this process', value: `${describeMs(fullRuns)}, ${parsedSteps} steps`, target: '< 1000 ms', ok: fullMs < 1000 && parsedSteps === steps },
    { name: 'heap after one full parse', value: `${(heapAfter / 1e6).toFixed(0)} MB` },
    { name: 'one more step, incremental', value: describeMs(incRuns.map((v) => v * 1000), 'µs') },
    { name: 'one more step, full re-parse (baseline)', value: describeMs(reparseRuns) },
    { name: 'incremental vs re-parse (medians)', value: `${(reparseMs / incMs).toFixed(0)}×`, target: '≥ 100×', ok: reparseMs / incMs >= 100 },
  ];
}
