// 2. A step appended to the file by Contexa's real Python writer appears without a reload; the log follows the tail,
// and stops when scrolled up.
import type { Page } from '@playwright/test';
import { expect, openStudio, stepCards, test } from './fixtures.ts';

const step = (observation: string) => ({ observation, thought: 'Watching the page.', action: 'append to log.md' });
/** The exact number on a tab of the branch view (`OTA log 10`, `Commits 3`). */
const tabCount = (page: Page, name: RegExp) => page.getByRole('tab', { name }).locator('.count');

test('a step appended to log.md appears without reload, and the tail is followed', async ({ page, studio }) => {
  await openStudio(page, studio.url);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await expect(tabCount(page, /OTA log/)).toHaveText('9');
  // The log's box gets shorter while the tail is followed (the window here; the timeline's bar appearing above the log
  // on a large workspace): the last step stays wholly in view.
  const lastStep = page.getByTestId('step-card').and(page.locator('[data-index="8"]'));
  await expect(lastStep).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 560 });
  await expect(lastStep).toBeInViewport({ ratio: 1 });

  // Timed from the moment the real writer's bytes are on disk.
  const number = await studio.python().logStep('main', step('First live observation'));
  const written = Date.now();
  expect(number).toBe(10);
  await expect(stepCards(page, 'First live observation')).toBeVisible();
  const ms = Date.now() - written;
  console.log(`write → visible on the page: ${ms} ms`);
  expect(ms).toBeLessThan(3_000);

  await expect(tabCount(page, /OTA log/)).toHaveText('10');
  await expect(stepCards(page, 'First live observation')).toContainText('Step 10');
  // Followed to the tail: the new step is on screen, not below it.
  await expect(stepCards(page, 'First live observation')).toBeInViewport();
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
});

test('scrolling up stops following; "N new steps" jumps back to the tail', async ({ page, studio }) => {
  await openStudio(page, studio.url);
  const log = page.getByTestId('step-log');
  await log.hover();
  await page.mouse.wheel(0, -5_000);
  await expect.poll(() => log.evaluate((el) => el.scrollTop)).toBe(0);

  await studio.python().logStep('main', step('Arrived while reading above'));
  await studio.python().logStep('main', step('Second one while reading above'));
  const jump = page.getByRole('button', { name: '2 new steps ↓' });
  await expect(jump).toBeVisible();
  // Still where the reader left it.
  expect(await log.evaluate((el) => el.scrollTop)).toBe(0);
  await jump.click();
  await expect(stepCards(page, 'Second one while reading above')).toBeInViewport();
  await expect(jump).toBeHidden();
  await expect(tabCount(page, /OTA log/)).toHaveText('11');
});

test('pause freezes the view while events keep arriving; resume applies them', async ({ page, studio }) => {
  await openStudio(page, studio.url);
  const pause = page.getByRole('switch');
  await pause.click();
  await expect(pause).toHaveAttribute('aria-checked', 'true');
  await studio.python().logStep('main', step('Written during the pause'));
  await expect(pause).toContainText('1 queued');
  // The header's badge says the view is held, not Live, while the stream stays connected underneath.
  await expect(page.getByTestId('connection')).toHaveText('Paused');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('moment')).toHaveText('Paused');
  await expect(stepCards(page, 'Written during the pause')).toHaveCount(0);
  await expect(tabCount(page, /OTA log/)).toHaveText('9');
  await pause.click();
  await expect(page.getByTestId('connection')).toHaveText('Live');
  await expect(page.getByTestId('moment')).toHaveText('Live');
  await expect(stepCards(page, 'Written during the pause')).toBeVisible();
  await expect(tabCount(page, /OTA log/)).toHaveText('10');
});
