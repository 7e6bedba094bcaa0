// The keyboard as the page's hint promises it: Esc clears the selected step; the branch list is one Tab stop with the
// arrows inside it; an editor with typed text asks before Esc throws it away; the fleet's thresholds close on Esc
// and on a click outside.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openStudio, test } from './fixtures.ts';
import { startFleetStudio } from './helpers/fleet.ts';

test('Esc clears the selected step', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main&step=1');
  await expect(page.locator('.step-card.is-selected')).toHaveCount(1);
  await page.locator('body').press('Escape');
  await expect(page).not.toHaveURL(/[?&]step=/);
  await expect(page.locator('.step-card.is-selected')).toHaveCount(0);
});

test('the branch list is one Tab stop; the arrows move inside it and Enter opens a branch', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main');
  const list = page.getByRole('region', { name: 'Branch list' });
  await expect(list.locator('[data-branch]')).toHaveCount(3);
  await expect(list.locator('[data-branch][tabindex="0"]')).toHaveCount(1);
  await expect(list.locator('[data-branch][tabindex="0"]')).toHaveAttribute('data-branch', 'main');

  await list.locator('[data-branch="main"]').focus();
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-branch]') === null)).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expect(list.locator('[data-branch="main"]')).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(list.locator('[data-branch="auth-jwt"]')).toBeFocused();
  await page.keyboard.press('End');
  await expect(list.locator('[data-branch="auth-session"]')).toBeFocused();
  await expect(list.locator('[data-branch][tabindex="0"]')).toHaveAttribute('data-branch', 'auth-session');
  await page.keyboard.press('Enter');
  await expect(list.locator('[data-branch="auth-session"]')).toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(/branch=auth-session/);
  await page.keyboard.press('Home');
  await expect(list.locator('[data-branch="main"]')).toBeFocused();
});

test('an editor with typed text asks before Esc or Cancel throws it away', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main&tab=commits');
  const card = page.getByTestId('commit-card').first();
  await card.hover();
  await card.getByRole('button', { name: /^Edit this commit's contribution/ }).click();
  const editor = card.getByTestId('editor');
  const box = editor.getByRole('textbox');
  await box.fill('A paragraph I do not want to lose.');
  await box.press('Escape');
  const question = editor.getByTestId('edit-discard');
  await expect(question).toContainText('Discard the text you typed?');
  // Esc again is the safe answer: back to the text, as typed.
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(box).toHaveValue('A paragraph I do not want to lose.');
  await expect(box).toBeFocused();

  await editor.getByRole('button', { name: 'Cancel' }).click();
  await editor.getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toBeHidden();
  expect(readFileSync(join(studio.gcc, 'branches/main/commit.md'), 'utf8')).not.toContain('A paragraph I do not want to lose.');

  // Nothing typed: Esc leaves at once.
  await card.hover();
  await card.getByRole('button', { name: /^Edit this commit's contribution/ }).click();
  await editor.getByRole('textbox').press('Escape');
  await expect(editor).toBeHidden();
});

test("the fleet's thresholds close on Esc and on a click outside", async ({ page }) => {
  const fleet = await startFleetStudio({ alpha: 'python', gamma: 'go' });
  try {
    await page.goto(fleet.url);
    await expect(page.getByTestId('fleet-row')).toHaveCount(2);
    const button = page.getByTestId('fleet-settings');
    const dialog = page.getByRole('dialog', { name: 'Badge thresholds' });
    await button.click();
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('threshold-stalledSeconds')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(dialog).toBeVisible();
    await page.getByRole('table', { name: 'Workspaces' }).click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();
  } finally {
    await fleet.stop();
  }
});
