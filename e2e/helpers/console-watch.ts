// What a page complains about while a spec drives it: console errors, uncaught exceptions and failed requests (a
// request the page cancels itself, superseded by a newer one, is not a failure). A spec expects none.
import type { Page } from '@playwright/test';

export function watchConsole(page: Page): { problems: () => string[] } {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? '';
    if (failure !== 'net::ERR_ABORTED') seen.push(`requestfailed: ${r.method()} ${r.url()} ${failure}`);
  });
  return { problems: () => [...seen] };
}
