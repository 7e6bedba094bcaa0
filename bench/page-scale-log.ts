// The page on the 205k-step log in Debian's Chromium: a new step on screen while following the tail, a search across all
// branches, and the scrollbar dragged from top to bottom.
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { EventSource } from 'eventsource';
import type { WorkspaceResponse } from '../shared/api.ts';
import type { StudioEvent } from '../shared/events.ts';
import { parseBurstObservation, startBurstWriter, wallClockMs } from '../server/test-support/burst.ts';
import { apiTimings, firstSeen, probedPage, resetSeen, takeLongTasks, worstTask, type LongTask } from './chromium.ts';
import { describeMs, middle } from './figures.ts';
import { BIN } from './build.ts';
import { pageUrl, serverSettled, spawnServer, type ServerProcess } from './processes.ts';
import type { BenchRow } from './stats.ts';
import type { Workload } from './workloads.ts';

const TAIL_TARGET_MS = 100;
const SEARCH_TARGET_MS = 100;
const LONG_TASK_MS = 50;
/** Queries whose newest matches are in the last steps, and queries found in one old step only (a scan of the log). */
const COMMON = ['pagination', 'timestamptz', 'café', 'localhost:3000', 'Split the handler', 'migrations/'];
const RARE = ['h1231.ts', 'test_98765', 'todos?page=150007', 'fixture #77774', 'h40001.ts', 'test_123455'];

interface Burst {
  written: number;
  seen: number;
  frame?: number;
}

/** Each burst step's write → SSE frame on a client of the bench, by seq. */
function sseArrivals(server: ServerProcess, since: number): { arrivals: Map<number, number>; close(): void; open: Promise<void> } {
  const arrivals = new Map<number, number>();
  const source = new EventSource(`${server.origin}/api/events`, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${server.token}` } }),
  });
  source.onmessage = (message) => {
    const now = wallClockMs();
    const event = JSON.parse(message.data) as StudioEvent;
    if (event.type !== 'steps-appended') return;
    for (const step of event.steps) {
      const burst = parseBurstObservation(step.observation);
      if (burst && burst.t >= since && !arrivals.has(burst.seq)) arrivals.set(burst.seq, now - burst.t);
    }
  };
  const open = new Promise<void>((r) => (source.onopen = () => r()));
  return { arrivals, open, close: () => source.close() };
}

async function measureTail(page: Page, server: ServerProcess, gccDir: string, stepCount: number, count: number): Promise<BenchRow[]> {
  await page.evaluate(() => ((window as unknown as { __bench: { followBurst: boolean } }).__bench.followBurst = true));
  // The log may hold burst steps of earlier runs (the live section's): only this writer's count.
  const since = wallClockMs();
  const sse = sseArrivals(server, since);
  await sse.open;
  await takeLongTasks(page);
  const writer = startBurstWriter(gccDir, 'main', count, 4, stepCount + 1);
  const written = await writer.done;
  const drawn = await page
    .waitForFunction((args) => Object.values((window as unknown as { __bench: { burst: Record<string, Burst> } }).__bench.burst).filter((b) => b.frame !== undefined && b.written >= args.since).length >= args.n, { n: written, since }, { timeout: 5_000 })
    .then(() => true, () => false);
  sse.close();
  const bursts = await page.evaluate(() => (window as unknown as { __bench: { burst: Record<string, Burst> } }).__bench.burst);
  const onScreen = Object.values(bursts).flatMap((b) => (b.frame !== undefined && b.written >= since ? [b.frame - b.written] : []));
  await page.evaluate(() => ((window as unknown as { __bench: { followBurst: boolean } }).__bench.followBurst = false));
  const tasks = await takeLongTasks(page);
  const p50 = middle(onScreen);
  return [
    {
      name: `write → step drawn while following the tail (${count} at 4/s)`,
      value: `${describeMs(onScreen)}, max ${Math.max(...onScreen).toFixed(0)} ms, ${onScreen.length}/${written} drawn${drawn ? '' : ' (some never came)'}; ${tasks.length} long tasks, longest ${worstTask(tasks).toFixed(0)} ms`,
      target: `≤ ${TAIL_TARGET_MS} ms (median)`,
      ok: drawn && p50 <= TAIL_TARGET_MS,
    },
    { name: 'baseline: write → its SSE frame on a bench client', value: `${describeMs([...sse.arrivals.values()])}, max ${Math.max(...sse.arrivals.values()).toFixed(0)} ms (p50 ${p50.toFixed(0)} ms on screen)` },
  ];
}

interface SearchTiming {
  /** The input event → the first result drawn. */
  ms: number;
  /** The input event → the request sent (what the page waited before asking). */
  asked: number;
  /** The request → its answer received (server and transfer). */
  answered: number;
}

async function timeSearch(page: Page, query: string): Promise<SearchTiming> {
  const input = page.locator('#search-input');
  await input.fill('');
  await page.locator('[data-testid="search-results"]').waitFor({ state: 'detached' });
  await resetSeen(page, 'hit');
  await input.fill(query);
  const hit = await firstSeen(page, 'hit');
  const typed = await page.evaluate(() => (window as unknown as { __bench: { lastInput: number } }).__bench.lastInput);
  const request = (await apiTimings(page)).filter((r) => r.path.startsWith('/api/search') && r.start >= typed).find((r) => new URL(`http://x${r.path}`).searchParams.get('q') === query);
  return { ms: hit.frame! - typed, asked: (request?.start ?? Number.NaN) - typed, answered: (request?.end ?? Number.NaN) - (request?.start ?? Number.NaN) };
}

async function measureSearch(page: Page, rounds: number): Promise<BenchRow[]> {
  await timeSearch(page, 'Fixture loads');
  const common: SearchTiming[] = [];
  const rare: SearchTiming[] = [];
  for (let i = 0; i < Math.min(rounds * 2, COMMON.length); i++) {
    common.push(await timeSearch(page, COMMON[i]!));
    rare.push(await timeSearch(page, RARE[i]!));
  }
  await page.locator('#search-input').fill('');
  const row = (what: string, t: SearchTiming[]): BenchRow => ({
    name: `search, ${what}: typed → first results drawn`,
    value: `${describeMs(t.map((x) => x.ms))}; of which waiting to ask ${middle(t.map((x) => x.asked)).toFixed(0)} ms, request → answer ${middle(t.map((x) => x.answered)).toFixed(0)} ms (median)`,
    target: `≤ ${SEARCH_TARGET_MS} ms`,
    ok: middle(t.map((x) => x.ms)) <= SEARCH_TARGET_MS,
  });
  return [row('newest matches (common words)', common), row('one old match (a scan of every step)', rare)];
}

/** Scrolls the log by real input (a synthesized gesture, as Chrome's own benchmarks scroll): wheel events, one a frame. */
async function scrollGesture(page: Page, distance: number, pxPerSecond: number): Promise<void> {
  const box = (await page.getByTestId('step-log').boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.synthesizeScrollGesture', { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2), yDistance: -Math.round(distance), speed: Math.round(pxPerSecond), gestureSourceType: 'mouse', preventFling: true });
  } finally {
    await cdp.detach();
  }
}

/** Top → bottom of the 205k log in about five seconds, then 100 screens down from a point between 30 % and 70 % at a reading pace. */
async function measureScroll(page: Page, rounds: number): Promise<BenchRow[]> {
  const log = page.getByTestId('step-log');
  const tasks: LongTask[][] = [];
  const slow: number[][] = [];
  let requests = 0;
  let waits: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await log.evaluate((el) => (el.scrollTop = 0));
    await page.locator('[data-testid="step-card"][data-index="0"]').waitFor();
    await page.locator('.step-card.is-placeholder').first().waitFor({ state: 'detached' });
    const before = (await apiTimings(page)).length;
    const { height, screen } = await log.evaluate((el) => ({ height: el.scrollHeight - el.clientHeight, screen: el.clientHeight }));
    await takeLongTasks(page);
    await page.evaluate(() => (window as unknown as { __bench: { startFrames(): void } }).__bench.startFrames());
    await scrollGesture(page, height, height / 5);
    // A different stretch each round, so no round reads pages an earlier one fetched.
    await log.evaluate((el, at) => (el.scrollTop = el.scrollHeight * at), 0.3 + (0.4 * round) / Math.max(1, rounds - 1));
    await scrollGesture(page, 100 * screen, 20 * screen);
    slow.push(await page.evaluate(() => (window as unknown as { __bench: { stopFrames(): number[] } }).__bench.stopFrames()));
    await page.locator('.step-card.is-placeholder').first().waitFor({ state: 'detached', timeout: 15_000 });
    tasks.push(await takeLongTasks(page));
    const steps = (await apiTimings(page)).slice(before).filter((r) => r.path.includes('/steps'));
    requests += steps.length;
    waits = waits.concat(steps.map((r) => r.wait));
  }
  const all = tasks.flat();
  return [
    {
      name: 'scroll the 205k log top → bottom (5 s), then 100 screens mid-log (5 s)',
      value: `${all.length} long tasks in ${rounds} run(s), longest ${worstTask(all).toFixed(0)} ms; ${slow.flat().length} frames later than 50 ms`,
      target: `no task over ${LONG_TASK_MS} ms`,
      ok: all.length === 0,
    },
    { name: '  its step pages', value: `${(requests / rounds).toFixed(0)} requests a run, server wait median ${middle(waits).toFixed(0)} ms, max ${Math.max(0, ...waits).toFixed(0)} ms` },
  ];
}

/**
 * A new step: the page's Date.now() when the row is drawn against the write time the writer stamped in the step (the
 * same system clock), beside the same step's arrival at an SSE client of the bench. A search: the input event → the
 * first result drawn, beside the server's share from Resource Timing. The drag: PerformanceObserver long tasks.
 */
export async function measureLargeLog(browser: Browser, large: Workload, rounds: number): Promise<BenchRow[]> {
  const server = await spawnServer([BIN, large.dir, '--no-open', '--port', '0']);
  try {
    const stepCount = (server.workspace as WorkspaceResponse).branches.find((b) => b.name === 'main')!.stepCount;
    const page = await probedPage(browser, { tail: `[data-testid="step-card"][data-index="${stepCount - 1}"]`, hit: '.search-hit' });
    await page.goto(pageUrl(server));
    const tail = await firstSeen(page, 'tail');
    const opened: BenchRow = { name: `205k log (${stepCount} steps): navigation → its tail drawn`, value: `${tail.frame!.toFixed(0)} ms (page opened ${server.firstAnswerMs.toFixed(0)} ms after spawn, at the first /api/workspace)` };
    await page.locator('[data-testid="connection"][data-status="live"]').waitFor();
    await serverSettled(server);
    const follow = await measureTail(page, server, join(large.dir, '.GCC'), stepCount, rounds * 8);
    const search = await measureSearch(page, rounds);
    const scroll = await measureScroll(page, rounds);
    await page.context().close();
    return [opened, ...follow, ...search, ...scroll];
  } finally {
    await server.stop();
  }
}
