// Format-core figures on the same bytes: the 205k-step log read into the step index beside decoding every step into
// strings, the heap each leaves, and one step taken in incrementally.
import { isUtf8 } from 'node:buffer';
import { appendFileSync, closeSync, copyFileSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { indexLog } from '../shared/gcc/read/log-index.ts';
import { initialLogState, parseLog, type LogState } from '../shared/gcc/read/log.ts';
import { StepIndex } from '../shared/gcc/read/step-index.ts';
import { describeMs, interleaved, middle, times } from './figures.ts';
import { largeStepText } from './gen-large.ts';
import type { BenchRow } from './stats.ts';
import type { Workload } from './workloads.ts';

const FILE = 'branches/main/log.md';
const options = { validUtf8: (bytes: Uint8Array) => isUtf8(bytes) };

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

/** Heap and array buffers in use after a collection (npm run bench runs node with --expose-gc). */
function heapNow(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const PIECE = 8 * 2 ** 20;
const piece = new Uint8Array(PIECE);

/** The log read as the store reads it: 8 MB pieces into one reused buffer, each indexed on from the last state. */
function indexInPieces(path: string): { index: StepIndex; state: LogState } {
  const index = new StepIndex(FILE, 'typescript', (start, end) => readFrom(path, start).subarray(0, end - start));
  const size = statSync(path).size;
  index.reserveFor(size);
  let state = initialLogState({ file: FILE, dialect: 'typescript' });
  const fd = openSync(path, 'r');
  try {
    for (let pos = 0; pos < size; pos = state.consumed) {
      const n = readSync(fd, piece, 0, Math.min(PIECE, size - pos), pos);
      state = indexLog(state, piece.subarray(0, n), index, options).state;
      if (pos + n >= size) break;
    }
  } finally {
    closeSync(fd);
  }
  index.commit();
  return { index, state };
}

/** In this process, on a copy of the big log (the appends must not reach the other sections' workspace). */
/** The step index is what the server and the one-shot commands read (log-index.ts); decoding every step is what a full parse into objects, Contexa's way, costs (log.ts parseLog). Interleaved. */
export async function runParseBench(large: Workload, scratch: string, steps: number, rounds: number): Promise<BenchRow[]> {
  const logPath = join(scratch, 'parse-log.md');
  copyFileSync(large.logPath!, logPath);
  let index: StepIndex | null = null;
  let state: LogState | null = null;
  let heapIndex = 0;
  let heapParse = 0;
  const base = heapNow();
  const full = await interleaved(rounds, {
    index: async () => {
      index = null;
      const t0 = performance.now();
      const read = indexInPieces(logPath);
      const ms = performance.now() - t0;
      if (read.index.length !== steps) throw new Error(`the index read ${read.index.length} steps`);
      index = read.index;
      state = read.state;
      heapIndex = Math.max(heapIndex, heapNow() - base);
      return ms;
    },
    parse: async () => {
      const t0 = performance.now();
      const result = parseLog(readFileSync(logPath), { file: FILE, dialect: 'typescript' });
      const ms = performance.now() - t0;
      heapParse = Math.max(heapParse, heapNow() - base);
      if (result.steps.length !== steps) throw new Error(`parseLog read ${result.steps.length} steps`);
      return ms;
    },
  });
  // The index holds its bytes' offsets, not the bytes: decode from the file as the server does.
  const held = index! as StepIndex;
  const last = held.slice(-5).map((s) => s.step);
  if (last[4] !== steps) throw new Error(`the index decodes step ${last[4]} last`);

  // One more step, as the watcher sees it: read from the last offset and index it; beside indexing the whole file again.
  const incRuns: number[] = [];
  const againRuns: number[] = [];
  let next = steps + 1;
  for (let run = 0; run < rounds * 5; run++) {
    appendFileSync(logPath, largeStepText(next++, 'ts'));
    const t0 = performance.now();
    const before = held.length;
    const result = indexLog(state!, readFrom(logPath, state!.consumed), held, options);
    held.commit();
    incRuns.push(performance.now() - t0);
    if (held.length !== before + 1 || result.needsFullReparse) throw new Error(`an append indexed ${held.length - before} steps`);
    state = result.state;
    if (run < Math.min(3, rounds)) {
      const r0 = performance.now();
      indexInPieces(logPath);
      againRuns.push(performance.now() - r0);
    }
  }
  const ratio = middle(againRuns) / middle(incRuns);
  return [
    { name: 'read + index the whole log (8 MB pieces, as the store)', value: describeMs(full.index), target: '< 1000 ms', ok: middle(full.index) < 1000 },
    { name: 'read + decode every step (parseLog: a full parse)', value: describeMs(full.parse) },
    { name: 'index vs full parse (medians)', value: times(middle(full.parse) / middle(full.index)) },
    { name: 'memory held (heap + array buffers): index / full parse', value: `${(heapIndex / 1e6).toFixed(0)} MB / ${(heapParse / 1e6).toFixed(0)} MB (log.md ${(large.bytes / 1e6).toFixed(0)} MB)` },
    { name: 'one more step, incremental', value: describeMs(incRuns.map((v) => v * 1000), 'µs') },
    { name: 'one more step, the whole log indexed again', value: describeMs(againRuns) },
    { name: 'incremental vs indexing again (medians)', value: `${ratio.toFixed(0)}×`, target: '≥ 100×', ok: ratio >= 100 },
  ];
}
