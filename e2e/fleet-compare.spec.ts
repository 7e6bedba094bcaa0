// The fleet's comparison of two agents has its height set by the user: the separator above it drags, takes ↑/↓ and
// Home/End when focused, stops where the list would lose its last rows or the pane its pickers, and the height is
// still there after a reload (the fleet's hash).
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { LIST_MIN_PX } from '../web/features/fleet/paneResize.ts';
import { startFleetStudio, type FleetStudio } from './helpers/fleet.ts';
import { expectAccessible } from './helpers/axe.ts';
import { saveScreen, useTheme } from './helpers/screens.ts';

let fleet: FleetStudio;
test.beforeEach(async () => {
  fleet = await startFleetStudio({ 'agents/alpha': 'python', gamma: 'python' });
});
test.afterEach(async () => {
  await fleet.stop();
});

const paneHeight = async (page: Page) => (await page.getByRole('region', { name: 'Compare two agents' }).boundingBox())!.height;

/** Drags the separator by `dy` px (up is negative) from its middle. */
async function drag(page: Page, dy: number): Promise<void> {
  const box = (await page.getByRole('separator', { name: 'Height of the comparison' }).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy / 2, { steps: 4 });
  await page.mouse.move(x, y + dy, { steps: 4 });
  await page.mouse.up();
}

test('the comparison resizes by drag and by keys, clamped, and keeps its height on reload', async ({ page }) => {
  await useTheme(page, 'dark');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(fleet.url);
  await page.getByTestId('agent-a').selectOption('agents/alpha');
  await page.getByTestId('agent-b').selectOption('gamma');
  await expect(page.getByTestId('agent-context')).toHaveCount(2);
  const separator = page.getByRole('separator', { name: 'Height of the comparison' });
  await expect(separator).toHaveAttribute('aria-orientation', 'horizontal');
  await expect(separator).toHaveAttribute('aria-controls', 'agent-compare');
  // At first the pane is as tall as it was before it could be resized: half the window.
  const start = await paneHeight(page);
  expect(start).toBe(450);
  await expect(separator).toHaveAttribute('aria-valuenow', '450');
  const min = Number(await separator.getAttribute('aria-valuemin'));
  const max = Number(await separator.getAttribute('aria-valuemax'));
  expect(min).toBeGreaterThan(0);
  expect(max).toBeGreaterThan(start);

  // Dragged up 100 px, the pane is 100 px taller and says so.
  await drag(page, -100);
  expect(await paneHeight(page)).toBe(start + 100);
  await expect(separator).toHaveAttribute('aria-valuenow', String(start + 100));
  await expect(page).toHaveURL(new RegExp(`#compare-height=${start + 100}$`));
  await saveScreen(page, 'fleet-compare-dragged', 'dark');

  // The keys, on the focused separator: ↑ a step taller, ↓ shorter; the fleet's own arrows (the rows) leave it alone.
  await separator.focus();
  await page.keyboard.press('ArrowUp');
  await expect(separator).toHaveAttribute('aria-valuenow', String(start + 116));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(separator).toHaveAttribute('aria-valuenow', String(start + 84));
  expect(await paneHeight(page)).toBe(start + 84);
  await expect(page.locator('.fleet-row.is-selected')).toHaveCount(0);

  // Clamped: End, then a drag far up, stop where the list keeps its head and rows; Home and a drag far down stop at
  // the pane's floor.
  await page.keyboard.press('End');
  await expect(separator).toHaveAttribute('aria-valuenow', String(max));
  await drag(page, -600);
  expect(await paneHeight(page)).toBe(max);
  expect((await page.getByRole('table', { name: 'Workspaces' }).locator('..').boundingBox())!.height).toBeGreaterThanOrEqual(LIST_MIN_PX);
  await separator.focus();
  await page.keyboard.press('Home');
  await expect(separator).toHaveAttribute('aria-valuenow', String(min));
  await drag(page, 600);
  expect(await paneHeight(page)).toBe(min);
  await expect(page.getByTestId('agent-a')).toBeVisible();

  // Remembered for the session: a reload keeps it.
  await drag(page, -200);
  const chosen = await paneHeight(page);
  expect(chosen).toBe(min + 200);
  await page.reload();
  await expect(separator).toHaveAttribute('aria-valuenow', String(chosen));
  expect(await paneHeight(page)).toBe(chosen);
  await expectAccessible(page, 'the fleet with its comparison');
});

test("the two CONTEXTs fill the comparison's height, however tall it is set", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(fleet.url);
  await page.getByTestId('agent-a').selectOption('agents/alpha');
  await page.getByTestId('agent-b').selectOption('gamma');
  const contexts = page.getByTestId('agent-context');
  await expect(contexts).toHaveCount(2);
  const separator = page.getByRole('separator', { name: 'Height of the comparison' });
  /** How far each CONTEXT's bottom is above the pane's content bottom (its padding excluded). */
  const gaps = async () => {
    const pane = (await page.getByRole('region', { name: 'Compare two agents' }).boundingBox())!;
    const boxes = await contexts.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
    return boxes.map((bottom) => Math.round(pane.y + pane.height - 10 - bottom));
  };
  await separator.focus();
  await page.keyboard.press('End');
  await expect.poll(gaps).toEqual([0, 0]);
  const tallest = (await contexts.first().boundingBox())!.height;
  // 160 px shorter: the CONTEXTs give up the 160 px, and still reach the bottom.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowDown');
  await expect.poll(gaps).toEqual([0, 0]);
  expect(Math.round((await contexts.first().boundingBox())!.height)).toBe(Math.round(tallest - 160));
  // At its floor the pane scrolls rather than crush them.
  await page.keyboard.press('Home');
  await expect.poll(async () => page.getByRole('region', { name: 'Compare two agents' }).evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  expect((await contexts.first().boundingBox())!.height).toBeGreaterThanOrEqual(64);
  await page.keyboard.press('End');
  await expect.poll(gaps).toEqual([0, 0]);
  // At its tallest the pane gives the CONTEXTs more than the 24rem they were once held to.
  expect((await contexts.first().boundingBox())!.height).toBeGreaterThan(24 * 16);
  await saveScreen(page, 'fleet-compare-tall', 'light');
});
