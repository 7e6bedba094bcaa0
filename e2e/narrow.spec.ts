// A browser beside a terminal: at 900×900 the side column folds into a drawer and the centre keeps a readable width;
// at 1280×720 the three columns stay, and no tab label wraps. Screenshots of both, in both themes.
import type { Page } from '@playwright/test';
import { expect, openStudio, test } from './fixtures.ts';
import { startFleetStudio } from './helpers/fleet.ts';
import { saveScreen, THEMES, useTheme } from './helpers/screens.ts';

/** Every tab of the centre on one line: as tall as the shortest one. */
async function tabsOnOneLine(page: Page): Promise<void> {
  const heights = await page.getByRole('tablist', { name: 'Branch records' }).getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().height));
  expect(Math.max(...heights) - Math.min(...heights), `tab heights ${heights.join(', ')}`).toBeLessThan(2);
}

const width = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())?.width ?? 0;

for (const theme of THEMES) {
  test(`900×900 folds the side column into a drawer (${theme})`, async ({ page, studio }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 900, height: 900 });
    await openStudio(page, studio.url, 'branch=main');
    await expect(page.getByTestId('step-card').first()).toBeVisible();
    expect(await width(page, '.col-centre')).toBeGreaterThanOrEqual(600);
    await expect(page.getByRole('complementary', { name: 'Context, roadmap and diagnostics' })).toBeHidden();
    await tabsOnOneLine(page);
    await saveScreen(page, 'narrow-900', theme);

    const toggle = page.getByTestId('drawer-side');
    await toggle.click();
    await expect(page.getByRole('complementary', { name: 'Context, roadmap and diagnostics' })).toBeVisible();
    await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
    await saveScreen(page, 'narrow-900-context', theme);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('complementary', { name: 'Context, roadmap and diagnostics' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test(`1280×720 keeps three columns with every tab on one line (${theme})`, async ({ page, studio }) => {
    await useTheme(page, theme);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openStudio(page, studio.url, 'branch=main');
    await expect(page.getByTestId('step-card').first()).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Context, roadmap and diagnostics' })).toBeVisible();
    await expect(page.getByTestId('drawer-side')).toBeHidden();
    await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
    await tabsOnOneLine(page);
    await saveScreen(page, 'wide-1280', theme);
  });

  test(`the fleet page at 900×900 (${theme})`, async ({ page }) => {
    const fleet = await startFleetStudio({ 'agents/alpha': 'python', gamma: 'go' });
    try {
      await useTheme(page, theme);
      await page.setViewportSize({ width: 900, height: 900 });
      await page.goto(fleet.url);
      await expect(page.getByTestId('fleet-row')).toHaveCount(2);
      await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
      // Every column in view: no sideways scroll.
      expect(await page.locator('.fleet-table-wrap').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await saveScreen(page, 'fleet-900', theme);
    } finally {
      await fleet.stop();
    }
  });
}

test("at 900 px the timeline's Live sits beside the axis, not on a line of its own", async ({ page, studio }) => {
  await page.setViewportSize({ width: 900, height: 900 });
  await openStudio(page, studio.url, 'branch=main');
  const axis = page.getByRole('slider', { name: 'Moment' });
  const moment = page.getByTestId('moment');
  await expect(moment).toHaveText('Live');
  const liveAxis = (await axis.boundingBox())!;
  const live = (await moment.boundingBox())!;
  expect(live.y + live.height / 2).toBeGreaterThan(liveAxis.y);
  expect(live.y + live.height / 2).toBeLessThan(liveAxis.y + liveAxis.height);
  expect(live.x).toBeGreaterThanOrEqual(liveAxis.x + liveAxis.width);
  // The past, said in full, takes the row below; the axis keeps its box.
  await page.locator('body').press('ArrowLeft');
  await expect(moment.locator('time')).toBeVisible();
  expect((await moment.boundingBox())!.y).toBeGreaterThanOrEqual(liveAxis.y + liveAxis.height);
  expect(await axis.boundingBox()).toEqual(liveAxis);
});

test("at 900 px the graph overview's time labels keep clear of its right edge", async ({ page, studio }) => {
  await page.setViewportSize({ width: 900, height: 900 });
  await openStudio(page, studio.url, 'branch=main');
  const canvas = page.getByTestId('graph-minimap').locator('canvas');
  await expect(canvas).toBeVisible();
  // Ink in each column of the canvas, counted from the right: the labels and their tick marks draw some; the last
  // 6 CSS pixels, under the box's border and the viewport's, none.
  const inkByColumn = async () =>
    canvas.evaluate((el: HTMLCanvasElement) => {
      const { data, width, height } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height);
      const ink = new Array<number>(width).fill(0);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (data[(y * width + x) * 4 + 3]! > 0) ink[width - 1 - x]!++;
      return { ink, dpr: window.devicePixelRatio };
    });
  await expect.poll(async () => (await inkByColumn()).ink.slice(0, 40).some((n) => n > 0)).toBe(true);
  const { ink, dpr } = await inkByColumn();
  expect(ink.slice(0, Math.floor(6 * dpr))).toEqual(new Array(Math.floor(6 * dpr)).fill(0));
});
