// Debian's Chromium as the bench drives it (the e2e specs' launch flags, from playwright.config.ts) and the probe
// every bench page carries (page-probe.js: long tasks, when watched elements first appear), read back as figures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import config, { CHROMIUM } from '../playwright.config.ts';

const PROBE = readFileSync(join(import.meta.dirname, 'page-probe.js'), 'utf8');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...config.use?.launchOptions, executablePath: CHROMIUM, headless: true });
}

/** A long task (over 50 ms) as the page's PerformanceObserver saw it, ms from the page's navigation start. */
export interface LongTask {
  start: number;
  duration: number;
}

/** When a watched element first appeared: `seen` the mutation that added it, `frame` the next animation frame (drawn). */
export interface FirstSeen {
  seen: number;
  frame?: number;
}

/**
 * A fresh page with the probe installed before the page's own scripts; `watch` names CSS selectors whose first
 * appearance is timed (page-probe.js).
 */
export async function probedPage(browser: Browser, watch: Record<string, string> = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: config.use?.viewport ?? { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript({ content: `window.__benchWatch = ${JSON.stringify(watch)};\n${PROBE}` });
  return page;
}

/** Long tasks since the last call (or since the page opened); the list is emptied. */
export function takeLongTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => {
    const bench = (window as unknown as { __bench: { longTasks: LongTask[] } }).__bench;
    return bench.longTasks.splice(0);
  });
}

/** Resolves with when `name` first appeared (after its last reset), waiting up to `timeoutMs`. */
export async function firstSeen(page: Page, name: string, timeoutMs = 30_000): Promise<FirstSeen> {
  const handle = await page.waitForFunction(
    (n) => {
      const seen = (window as unknown as { __bench: { first: Record<string, FirstSeen> } }).__bench.first[n];
      return seen?.frame !== undefined ? seen : null;
    },
    name,
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue()) as FirstSeen;
}

/** Forgets when `name` appeared, so its next appearance is timed afresh. */
export function resetSeen(page: Page, name: string): Promise<void> {
  return page.evaluate((n) => void delete (window as unknown as { __bench: { first: Record<string, FirstSeen> } }).__bench.first[n], name);
}

/** An API request as the page's Resource Timing saw it, ms from navigation start. */
export interface ApiTiming {
  path: string;
  start: number;
  /** The server's share: request sent → first byte of the answer. */
  wait: number;
  end: number;
  bytes: number;
}

/** Every /api/ request of the page but the event stream. */
export function apiTimings(page: Page): Promise<ApiTiming[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.startsWith('/api/') && !e.name.includes('/api/events'))
      .map((e) => ({ path: new URL(e.name).pathname + new URL(e.name).search, start: e.startTime, wait: e.responseStart - e.requestStart, end: e.responseEnd, bytes: e.encodedBodySize })),
  );
}

export const worstTask = (tasks: readonly LongTask[]): number => Math.max(0, ...tasks.map((t) => t.duration));
