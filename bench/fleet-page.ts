// The fleet page in Debian's Chromium while the fleet bench's writers run: first render (navigation → every row
// drawn) and the long tasks (over 50 ms) the page has while 10 workspaces stream rows at 20 steps/s.
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';

export interface FleetPageRun {
  firstRenderMs: number;
  /** Call when the writers are done: every long task's duration seen since the first render. */
  finish(): Promise<number[]>;
}

export async function openFleetPage(url: string, rows: number): Promise<FleetPageRun> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const page: Page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
  });
  const t0 = performance.now();
  await page.goto(url);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="fleet-row"]').length >= n, rows, { timeout: 30_000 });
  const firstRenderMs = performance.now() - t0;
  // Long tasks of the load itself are the first render's; the live phase is measured from here.
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
  return {
    firstRenderMs,
    async finish() {
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
      await browser.close();
      return tasks;
    },
  };
}
