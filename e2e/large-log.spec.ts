// A long log is paged, never downloaded whole, and the virtualized list lands on the right steps anywhere in it.
import { generateLargeWorkspace } from '../bench/gen-large.ts';
import { expect, test } from './fixtures.ts';
import { startStudio } from './helpers/studio.ts';

const STEPS = 30_000;

test('a 30,000-step log opens at its tail, jumps to the middle, and loads only the pages it shows', async ({ page }) => {
  const studio = await startStudio((dir) => generateLargeWorkspace(dir, STEPS, 'py'));
  try {
    const pages: { from: number; limit: number }[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('/steps')) pages.push({ from: Number(u.searchParams.get('from')), limit: Number(u.searchParams.get('limit')) });
    });
    await page.goto(studio.url);
    await expect(page.getByRole('tab', { name: /OTA log/ })).toContainText(String(STEPS));
    const last = page.locator(`[data-testid="step-card"][data-index="${STEPS - 1}"]`);
    await expect(last).toBeInViewport();

    const log = page.getByTestId('step-log');
    await log.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    // Whatever is on screen now is real content from the middle of the log, not placeholders.
    await expect
      .poll(async () => {
        const idx = await page.getByTestId('step-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-index'))));
        return idx.length > 0 && idx.every((i) => Math.abs(i - STEPS / 2) < STEPS * 0.05);
      })
      .toBe(true);
    await expect(page.locator('.step-card.is-placeholder')).toHaveCount(0);

    expect(pages.every((p) => p.limit <= 1000)).toBe(true);
    const downloaded = pages.reduce((n, p) => n + p.limit, 0);
    console.log(`${pages.length} step pages requested (${downloaded} steps of ${STEPS})`);
    expect(downloaded).toBeLessThan(2_000);
  } finally {
    await studio.stop();
  }
});
