// Format-core figures: full parse of a huge log, and one more step ingested incrementally versus re-parsing the
// whole file, both measured in the same run on the same bytes (reading the file included, as the server does).
import { appendFileSync, closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { continueLog, parseLog, type LogState } from '../shared/gcc/read/log.ts';
import { generateLargeWorkspace, largeStepText } from './gen-large.ts';
import { median, type BenchRow } from './stats.ts';

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

export function runParseBench(workDir: string, steps = 205_000): BenchRow[] {
  const started = performance.now();
  const { logPath, logBytes } = generateLargeWorkspace(workDir, steps);
  const generatedMs = performance.now() - started;

  // Full parse: read the file and parse every step, five times; the median is the figure.
  const fullRuns: number[] = [];
  let state: LogState | null = null;
  let parsedSteps = 0;
  let heapAfter = 0;
  for (let run = 0; run < 5; run++) {
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
  for (let run = 0; run < 25; run++) {
    appendFileSync(logPath, largeStepText(next++, 'ts'));
    const t0 = performance.now();
    const result = continueLog(state!, readFrom(logPath, state!.consumed));
    incRuns.push(performance.now() - t0);
    if (result.steps.length !== 1 || result.needsFullReparse) throw new Error(`incremental parse produced ${result.steps.length} steps`);
    state = result.state;
    if (run < 3) {
      // The baseline: what a reader without offsets does for the same append.
      const r0 = performance.now();
      parseLog(readFileSync(logPath), { file: FILE });
      reparseRuns.push(performance.now() - r0);
    }
  }
  const incMs = median(incRuns);
  const reparseMs = median(reparseRuns);

  return [
    { name: 'generate log', value: `${(logBytes / 1e6).toFixed(1)} MB, ${steps} steps in ${generatedMs.toFixed(0)} ms` },
    { name: 'full parse (read + parse)', value: `${fullMs.toFixed(0)} ms median of 5 (${parsedSteps} steps)`, target: '< 1000 ms', ok: fullMs < 1000 && parsedSteps === steps },
    { name: 'heap after one full parse', value: `${(heapAfter / 1e6).toFixed(0)} MB` },
    { name: 'one more step, incremental', value: `${(incMs * 1000).toFixed(0)} µs median of 25` },
    { name: 'one more step, full re-parse', value: `${reparseMs.toFixed(0)} ms median of 3` },
    { name: 'incremental speed-up', value: `${(reparseMs / incMs).toFixed(0)}x`, target: '≥ 100x', ok: reparseMs / incMs >= 100 },
  ];
}
