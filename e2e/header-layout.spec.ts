// The header holds still while the page pauses or travels: the Pause switch's place becomes Back to Live in the past,
// and the search, the badge and the drawer's button keep their boxes, on a wide window and a narrow one.
import type { Locator, Page } from '@playwright/test';
import { expect, openStudio, stepCards, test } from './fixtures.ts';

type Box = { x: number; y: number; width: number; height: number };

/** The boxes of the header's controls that never change (the live control's place is compared on its own). */
async function headerBoxes(page: Page): Promise<Record<string, Box | null>> {
  const header = page.getByRole('banner');
  const controls: Record<string, Locator> = {
    search: header.getByRole('searchbox', { name: /Search steps and commits/ }),
    badge: page.getByTestId('connection'),
    context: page.getByTestId('drawer-side'),
  };
  const boxes: Record<string, Box | null> = {};
  for (const [name, control] of Object.entries(controls)) boxes[name] = await control.boundingBox();
  return boxes;
}

/** Where the live control starts, and its vertical middle: a switch and a button differ in height, not in place. */
async function placeOf(control: Locator): Promise<{ x: number; middle: number }> {
  const box = (await control.boundingBox())!;
  return { x: box.x, middle: box.y + box.height / 2 };
}

for (const width of [1440, 900]) {
  test(`the header's controls keep their places live, paused and in the past at ${width} px`, async ({ page, studio }) => {
    await page.setViewportSize({ width, height: 900 });
    await openStudio(page, studio.url, 'branch=main');
    await expect(page.getByTestId('step-card').first()).toBeVisible();
    const pause = page.getByRole('switch', { name: /Pause/ });
    const live = await headerBoxes(page);
    expect(live.search).not.toBeNull();
    const switchPlace = await placeOf(pause);

    // Paused, with an update waiting: the switch's label grows, nothing moves.
    await pause.click();
    studio.writer.logStep('main', { observation: 'Written while the header is held', thought: 't', action: 'a' });
    await expect(pause).toHaveAccessibleName(/1 queued/);
    await expect(page.getByTestId('connection')).toHaveText('Paused');
    expect(await headerBoxes(page)).toEqual(live);
    expect(await placeOf(pause)).toEqual(switchPlace);
    await pause.click();
    await expect(stepCards(page, 'Written while the header is held')).toBeVisible();

    // In the past there is nothing to pause: the switch's place holds the way back to Live.
    await page.locator('body').press('ArrowLeft');
    await expect(page.getByTestId('connection')).toHaveText('Past');
    await expect(pause).toHaveCount(0);
    const back = page.getByRole('button', { name: 'Back to Live' });
    await expect(back).toBeVisible();
    expect(await headerBoxes(page)).toEqual(live);
    const backPlace = await placeOf(back);
    expect(backPlace.x).toBe(switchPlace.x);
    expect(Math.abs(backPlace.middle - switchPlace.middle)).toBeLessThanOrEqual(0.5);

    await back.click();
    await expect(page).not.toHaveURL(/[?&]at=/);
    await expect(page.getByTestId('connection')).toHaveText('Live');
    await expect(page.getByTestId('moment')).toHaveText('Live');
    expect(await headerBoxes(page)).toEqual(live);
    expect(await placeOf(pause)).toEqual(switchPlace);
  });
}

test('Back to Live ends a replay, which would carry the page back into the past', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main&at=auth-jwt%40step%3A1');
  await expect(page.getByTestId('connection')).toHaveText('Past');
  await page.getByRole('combobox', { name: 'Replay speed' }).selectOption('record');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('button', { name: 'Replay' }).click();
  await expect(timeline.getByRole('button', { name: 'Pause', pressed: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Live' }).click();
  await expect(timeline.getByRole('button', { name: 'Replay', pressed: false })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]at=/);
  await expect(page.getByTestId('connection')).toHaveText('Live');
});
