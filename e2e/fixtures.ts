// The `studio` fixture: a real server on a temp copy of a corpus workspace for each test, and a page opened on it.
import { test as base, expect, type Page } from '@playwright/test';
import { startStudio, type Studio } from './helpers/studio.ts';

export const test = base.extend<{ corpus: string; studio: Studio }>({
  corpus: ['python', { option: true }],
  studio: async ({ corpus }, use) => {
    const studio = await startStudio(corpus);
    await use(studio);
    await studio.stop();
  },
});

export { expect };

/** Opens the page with the token (the page keeps it for its origin and drops it from the URL), then waits for the live badge. */
export async function openStudio(page: Page, url: string, query = ''): Promise<void> {
  const u = new URL(url);
  if (query) for (const [k, v] of new URLSearchParams(query)) u.searchParams.set(k, v);
  await page.goto(u.toString());
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
}

/** Step cards currently rendered whose text contains `text`. */
export const stepCards = (page: Page, text: string) => page.getByTestId('step-card').filter({ hasText: text });
