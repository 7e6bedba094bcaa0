// The fleet page in Debian's Chromium while the fleet bench's writers run: first render (navigation → every row
// drawn) and the long tasks (over 50 ms) the page has while 10 workspaces stream rows at 20 steps/s.
import type { Browser } from '@playwright/test';
import { launchChromium, probedPage, takeLongTasks } from './chromium.ts';

export interface FleetPageRun {
  firstRenderMs: number;
  /** Call when the writers are done: every long task's duration seen since the first render. */
  finish(): Promise<number[]>;
}

export async function openFleetPage(url: string, rows: number): Promise<FleetPageRun> {
  const browser: Browser = await launchChromium();
  const page = await probedPage(browser);
  const t0 = performance.now();
  await page.goto(url);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="fleet-row"]').length >= n, rows, { timeout: 30_000 });
  const firstRenderMs = performance.now() - t0;
  // Long tasks of the load itself are the first render's; the live phase is measured from here.
  await takeLongTasks(page);
  return {
    firstRenderMs,
    async finish() {
      const tasks = await takeLongTasks(page);
      await browser.close();
      return tasks.map((t) => t.duration);
    },
  };
}
