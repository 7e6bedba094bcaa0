// What a page does wrong that a user would see in the console: console errors, uncaught exceptions, and failed
// requests. A request the page cancels itself (a moment asked for and then superseded by the next one: TanStack Query
// aborts it through its AbortSignal) fails too, with net::ERR_ABORTED; it is told apart by a wrapper around fetch,
// installed before the page's own scripts, that records the URL of every fetch whose signal the page aborted. A
// failed request is excused only when the page aborted that very URL.
import type { Page } from '@playwright/test';

interface Recorded {
  console: string[];
  pageErrors: string[];
  failed: { url: string; error: string }[];
}

const RECORD_ABORTS = () => {
  const w = window as unknown as { __cancelledByPage: string[] };
  w.__cancelledByPage = [];
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href).href;
    init?.signal?.addEventListener('abort', () => w.__cancelledByPage.push(url), { once: true });
    return original(input, init);
  };
};

/** Starts recording on `page` (call before it navigates); `problems()` lists what went wrong, in words. */
export async function watchProblems(page: Page): Promise<{ problems(): Promise<string[]> }> {
  const seen: Recorded = { console: [], pageErrors: [], failed: [] };
  await page.addInitScript(RECORD_ABORTS);
  page.on('console', (m) => {
    if (m.type() === 'error') seen.console.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => seen.pageErrors.push(e.message));
  page.on('requestfailed', (r) => seen.failed.push({ url: r.url(), error: r.failure()?.errorText ?? '' }));
  return {
    async problems() {
      const cancelled = new Set(await page.evaluate(() => (window as unknown as { __cancelledByPage?: string[] }).__cancelledByPage ?? []));
      const failed = seen.failed.filter((f) => !(f.error === 'net::ERR_ABORTED' && cancelled.has(f.url)));
      return [...seen.console.map((c) => `console error: ${c}`), ...seen.pageErrors.map((e) => `page error: ${e}`), ...failed.map((f) => `request failed: ${f.url} (${f.error})`)];
    },
  };
}
