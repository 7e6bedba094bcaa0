// A page whose event stream stops draining (a frozen tab, here a proxy that stops passing the stream on) while the
// agent writes more than the sockets' buffers and the server's backlog bound hold: the server drops that client's
// queue and tells it to resync, naming the branch; the page refetches the snapshot and shows the current records.
import type { Page } from '@playwright/test';
import { expect, openStudio, stepCards, test } from './fixtures.ts';
import { startProxy } from './helpers/proxy.ts';

const tabCount = (page: Page, name: RegExp) => page.getByRole('tab', { name }).locator('.count');

test('a stalled page is told to resync past the server’s bound and ends up showing every record', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const proxy = await startProxy(studio.port);
  try {
    await openStudio(page, `${proxy.origin}/${new URL(studio.url).search}`);
    await expect(tabCount(page, /OTA log/)).toHaveText('9');
    const workspaceFetches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/workspace') workspaceFetches.push(r.url());
    });

    proxy.stallStreams();
    // 12 MB in 40 bursts of 300 KB, each published before the next is written (so each is an event of its own):
    // past the few MB the kernel's socket buffers hold, then past the server's 256 KiB bound.
    const stepCount = async () => {
      const res = await fetch(`${studio.origin}/api/workspace`, { headers: { authorization: `Bearer ${studio.token}` } });
      const ws = (await res.json()) as { branches: { name: string; stepCount: number }[] };
      return ws.branches.find((b) => b.name === 'main')!.stepCount;
    };
    const filler = 'x'.repeat(30_000);
    for (let burst = 0; burst < 40; burst++) {
      for (let i = 1; i <= 10; i++) studio.writer.logStep('main', { observation: `Bulk ${burst * 10 + i} ${filler}`, thought: 't', action: 'a' });
      await expect.poll(stepCount).toBe(9 + (burst + 1) * 10);
    }
    expect(workspaceFetches).toEqual([]);

    proxy.resumeStreams();
    // The resync made the page fetch its snapshot again: appends alone never refetch the workspace.
    await expect.poll(() => workspaceFetches.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(tabCount(page, /OTA log/)).toHaveText('409', { timeout: 20_000 });
    await expect(stepCards(page, 'Bulk 400 ')).toBeVisible();
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');

    // And it continues from the new revision, live.
    studio.writer.logStep('main', { observation: 'After the resync', thought: 't', action: 'a' });
    await expect(stepCards(page, 'After the resync')).toBeVisible();
    await expect(tabCount(page, /OTA log/)).toHaveText('410');
  } finally {
    await proxy.close();
  }
});
