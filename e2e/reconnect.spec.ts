// 5. Killing the event stream and reconnecting loses nothing: steps Contexa's real Python writer wrote while
// disconnected all arrive, once.
import type { Page } from '@playwright/test';
import { expect, openStudio, stepCards, test } from './fixtures.ts';
import { startProxy } from './helpers/proxy.ts';

const tabCount = (page: Page, name: RegExp) => page.getByRole('tab', { name }).locator('.count');

test('a dropped stream resumes from the last event id without losing or doubling', async ({ page, studio }) => {
  const proxy = await startProxy(studio.port);
  try {
    const url = new URL(studio.url);
    await openStudio(page, `${proxy.origin}/${url.search}`);
    const badge = page.getByTestId('connection');
    const python = studio.python();
    await python.logStep('main', { observation: 'Before the drop', thought: 't', action: 'a' });
    await expect(stepCards(page, 'Before the drop')).toBeVisible();

    proxy.cut();
    await expect(badge).toHaveAttribute('data-status', /reconnecting|offline/);
    for (let i = 1; i <= 3; i++) await python.logStep('main', { observation: `Written while offline ${i}`, thought: 't', action: 'a' });
    await python.commit('main', 'Checkpoint written while offline');
    await expect(badge).toHaveAttribute('data-status', 'offline');

    const workspaceFetches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/workspace') workspaceFetches.push(r.url());
    });
    proxy.restore();
    await expect(badge).toHaveAttribute('data-status', 'live', { timeout: 10_000 });
    for (let i = 1; i <= 3; i++) await expect(stepCards(page, `Written while offline ${i}`)).toHaveCount(1);
    await expect(tabCount(page, /OTA log/)).toHaveText('13');
    await expect(tabCount(page, /Commits/)).toHaveText('4');
    // Every position once, in order: nothing doubled.
    const indexes = await page.getByTestId('step-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-index'))));
    expect(new Set(indexes).size).toBe(indexes.length);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    // Resumed by replay, not by refetching the whole workspace.
    expect(workspaceFetches).toEqual([]);

    // And the stream is live again.
    await python.logStep('main', { observation: 'After the reconnect', thought: 't', action: 'a' });
    await expect(stepCards(page, 'After the reconnect')).toBeVisible();
  } finally {
    await proxy.close();
  }
});
