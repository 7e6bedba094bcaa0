// Time-travel figures on the 205,000-step log: a moment answered after the first load, and a timeline query, beside a
// cold full parse of the same log.
import { join } from 'node:path';
import { keyMillis } from '../shared/gcc/read/time-key.ts';
import { axisBuckets, axisEnd, segmentedBuckets } from '../shared/gcc/moment/axis.ts';
import { createEventBus } from '../server/live/event-bus.ts';
import { createStore } from '../server/live/store.ts';
import { createTimeTravel } from '../server/travel/time-travel.ts';
import { generateLargeWorkspace } from './gen-large.ts';
import { median, type BenchRow } from './stats.ts';

/** A moment: the workspace, main's steps page and CONTEXT as they were; the first moment reads every record's time once. */
export async function runTimeTravelBench(workDir: string, steps = 205_000): Promise<BenchRow[]> {
  generateLargeWorkspace(workDir, steps);
  const gccDir = join(workDir, '.GCC');
  const t0 = performance.now();
  const store = createStore({ gccDir, root: workDir, readOnly: true, bus: createEventBus() });
  await store.load();
  const coldMs = performance.now() - t0;

  const travel = createTimeTravel({ store, historyPath: join(workDir, '.gcc-studio', 'edits.jsonl') });
  const timeline = await travel.timeline();
  const start = keyMillis(timeline.start()!);
  const end = keyMillis(axisEnd(timeline)!);
  const answer = async (moment: string) => {
    const view = await travel.view(moment);
    view.workspace();
    view.steps('main', Math.max(0, (view.branch('main')?.branch.stepCount ?? 0) - 200), 200);
    return (await view.context('main', 1, null))!;
  };
  const f0 = performance.now();
  await answer(new Date(start + (end - start) / 2).toISOString());
  const firstMs = performance.now() - f0;

  // Moments spread over the run, each new (none answered from the kept views).
  const runs: number[] = [];
  for (let i = 1; i <= 21; i++) {
    const moment = i % 3 === 0 ? `main@step:${Math.floor((steps * i) / 22)}` : new Date(start + ((end - start) * i) / 22 + 0.5).toISOString();
    const m0 = performance.now();
    await answer(moment);
    runs.push(performance.now() - m0);
  }
  const momentMs = median(runs);

  // What the route computes (the quiet stretches looked for, then the buckets), beside the buckets alone.
  const timed = (axis: (i: number) => unknown) => {
    const runs: number[] = [];
    for (let i = 0; i < 21; i++) {
      const b0 = performance.now();
      axis(i);
      runs.push(performance.now() - b0);
    }
    return median(runs);
  };
  const bucketMs = timed((i) => segmentedBuckets(timeline, start, end + i, 400));
  const straightMs = timed((i) => axisBuckets(timeline, start, end + i, 400));
  return [
    { name: 'cold full load (read + parse, the baseline)', value: `${coldMs.toFixed(0)} ms` },
    { name: 'first moment (reads every record time once)', value: `${firstMs.toFixed(0)} ms` },
    { name: 'a moment after the first (workspace, steps page, CONTEXT)', value: `${momentMs.toFixed(1)} ms median of 21`, target: '≤ 50 ms', ok: momentMs <= 50 },
    { name: 'timeline: 400 buckets over the whole run, quiet stretches found', value: `${bucketMs.toFixed(2)} ms median of 21 (the buckets alone: ${straightMs.toFixed(2)} ms)`, target: '≤ 20 ms', ok: bucketMs <= 20 },
  ];
}

// `npx tsx bench/time-travel.ts`: this section alone (in `npm run bench` it is the `travel` section).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { printRows } = await import('./stats.ts');
  const dir = mkdtempSync(join(tmpdir(), 'gcc-bench-travel-'));
  try {
    printRows('Time travel: 205,000-step log', await runTimeTravelBench(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
