// The page at scale in Debian's Chromium, its figures from the browser's own Performance API: the 500-branch graph's
// first render, then the 205k-step log (page-scale-log.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { BIN } from './build.ts';
import { apiTimings, firstSeen, launchChromium, probedPage, takeLongTasks, worstTask, type ApiTiming } from './chromium.ts';
import { describeMs, middle } from './figures.ts';
import { generateManyBranches } from './gen-branches.ts';
import { measureLargeLog } from './page-scale-log.ts';
import { pageUrl, serverSettled, spawnServer } from './processes.ts';
import type { BenchRow } from './stats.ts';
import type { Workload } from './workloads.ts';

const FIRST_RENDER_TARGET_MS = 1500;

/** What the page waits for before it can draw: the minimap in the side column, the rows of the Graph tab. */
const GRAPH_WATCH = {
  minimap: '[data-testid="graph-minimap"] canvas[width]:not([width="0"])',
  graphRows: '[data-testid="graph-view"] .graph-row',
};

export interface Render {
  /** Navigation start → the graph's frame (ms). */
  ms: number;
  /** Navigation start → the page's HTML answered (its first byte): the server's share before any script runs. */
  documentAt: number;
  firstPaint: number;
  requests: ApiTiming[];
  longest: number;
}

/** Opens the page in a fresh context (cold cache) and times navigation start → `what` drawn. */
export async function timeRender(browser: Browser, url: string, what: keyof typeof GRAPH_WATCH): Promise<Render> {
  const page = await probedPage(browser, GRAPH_WATCH);
  try {
    await page.goto(url);
    const seen = await firstSeen(page, what);
    const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
    const documentAt = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseStart ?? Number.NaN);
    const requests = (await apiTimings(page)).filter((r) => r.end <= seen.frame!);
    return { ms: seen.frame!, documentAt, firstPaint, requests, longest: worstTask(await takeLongTasks(page)) };
  } finally {
    await page.context().close();
  }
}

/** The requests the first render waited for (the last round's): how many, the largest, and the server's share. */
function describeRequests(renders: readonly Render[]): string {
  const r = renders[renders.length - 1]!.requests;
  const waits = r.map((x) => x.wait);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const largest = r.reduce<ApiTiming | null>((a, x) => (!a || x.bytes > a.bytes ? x : a), null);
  const last = Math.max(0, ...r.map((x) => x.end));
  return (
    `${r.length} API requests, ${kb(r.reduce((n, x) => n + x.bytes, 0))}, the last answered at ${last.toFixed(0)} ms; server wait median ${middle(waits).toFixed(0)} ms, ` +
    `max ${Math.max(0, ...waits).toFixed(0)} ms` +
    (largest ? `; largest ${largest.path.split('?')[0]} (${kb(largest.bytes)}): asked at ${largest.start.toFixed(0)} ms, server wait ${largest.wait.toFixed(0)} ms, answered at ${largest.end.toFixed(0)} ms` : '')
  );
}

/** Per round: a fresh server, the page opened as soon as it answers, and again once it has settled. */
async function measureGraph(browser: Browser, many: Workload, tiny: string, rounds: number): Promise<BenchRow[]> {
  const atStart: Render[] = [];
  const settled: Render[] = [];
  const tab: Render[] = [];
  const floor: Render[] = [];
  const spawnMs: number[] = [];
  const settleMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const server = await spawnServer([BIN, many.dir, '--no-open', '--port', '0']);
    try {
      spawnMs.push(server.firstAnswerMs);
      atStart.push(await timeRender(browser, pageUrl(server), 'minimap'));
      settleMs.push(await serverSettled(server));
      settled.push(await timeRender(browser, pageUrl(server), 'minimap'));
      tab.push(await timeRender(browser, pageUrl(server, 'tab=graph'), 'graphRows'));
    } finally {
      await server.stop();
    }
    const small = await spawnServer([BIN, tiny, '--no-open', '--port', '0']);
    try {
      await serverSettled(small);
      floor.push(await timeRender(browser, pageUrl(small), 'minimap'));
    } finally {
      await small.stop();
    }
  }
  const ms = (rs: Render[]) => rs.map((r) => r.ms);
  const longest = (rs: Render[]) => `longest task ${Math.max(...rs.map((r) => r.longest)).toFixed(0)} ms`;
  return [
    { name: '500 branches: the page opened at the first /api/workspace', value: `${describeMs(spawnMs)} after spawn` },
    { name: '  navigation → graph drawn (the side column minimap)', value: `${describeMs(ms(atStart))}, ${longest(atStart)}`, target: `≤ ${FIRST_RENDER_TARGET_MS} ms (median)`, ok: middle(ms(atStart)) <= FIRST_RENDER_TARGET_MS },
    { name: '  the requests it waited for', value: describeRequests(atStart) },
    { name: `  the same once the server settled (${describeMs(settleMs)} later)`, value: `${describeMs(ms(settled))}, ${longest(settled)}` },
    { name: '  the requests it waited for', value: describeRequests(settled) },
    { name: '  navigation → Graph tab rows drawn (settled)', value: `${describeMs(ms(tab))}, ${longest(tab)}` },
    { name: 'baseline: first contentful paint, 500 branches (settled)', value: describeMs(settled.map((r) => r.firstPaint)) },
    { name: 'baseline: graph drawn, a 1-branch workspace', value: `${describeMs(ms(floor))} (first contentful paint ${describeMs(floor.map((r) => r.firstPaint))})` },
  ];
}

/** The 500-branch first render beside the same page on a one-branch workspace, with the Resource Timing of the requests it waited for. */
export async function runPageScaleBench(large: Workload, many: Workload, rounds: number): Promise<BenchRow[]> {
  const scratch = mkdtempSync(join(many.dir, '..', 'page-tiny-'));
  generateManyBranches(scratch, 1);
  const browser = await launchChromium();
  try {
    const graph = await measureGraph(browser, many, scratch, rounds);
    const log = await measureLargeLog(browser, large, rounds);
    return [...graph, ...log];
  } finally {
    await browser.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
