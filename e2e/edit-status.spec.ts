// A branch's status from its header menu: arrow keys write nothing, abandoning asks first and can be undone, and a
// merged branch is offered no status at all (the server refuses one too), on a real folder the real writer wrote.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parseMetadata } from '../shared/gcc/read/metadata.ts';
import { metadataVersion } from '../shared/gcc/write/edit-version.ts';
import { expect, openStudio, test } from './fixtures.ts';
import { expectAccessible } from './helpers/axe.ts';

const metadataOf = (gcc: string, branch: string) => readFileSync(join(gcc, 'branches', branch, 'metadata.yaml'), 'utf8');

async function openBranch(page: Page, branch: string) {
  await page.getByRole('region', { name: 'Branch list' }).locator(`[data-branch="${branch}"]`).click();
  await expect(page.getByTestId('branch-header').locator('h1')).toHaveText(branch);
}

test('arrow keys on the status menu write nothing; abandoning asks first, Cancel is focused, and Undo takes it back', async ({ page, studio }) => {
  const before = metadataOf(studio.gcc, 'main');
  await openStudio(page, studio.url);
  const button = page.getByTestId('branch-status-menu');
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Status of main' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Mark abandoned…']);
  await expect(menu.getByRole('menuitem', { name: 'Mark abandoned…' })).toBeFocused();
  await expectAccessible(page, 'the status menu');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(page.getByTestId('branch-status')).toHaveText('active');
  expect(metadataOf(studio.gcc, 'main')).toBe(before);

  // Enter on the item asks; Enter again lands on Cancel, which writes nothing.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('abandon-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText('Mark main abandoned?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'the abandon dialog');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(metadataOf(studio.gcc, 'main')).toBe(before);
  // The focus is back on the control that opened it, not on the page's body.
  await expect(button).toBeFocused();

  await button.click();
  await menu.getByRole('menuitem', { name: 'Mark abandoned…' }).click();
  await dialog.getByTestId('abandon-confirm').click();
  await expect(page.getByTestId('branch-status')).toHaveText('abandoned');
  await expect.poll(() => metadataOf(studio.gcc, 'main')).toContain('status: abandoned\n');

  // An abandoned branch may be made active again at once; the edit's own Undo restores the file's bytes.
  await button.click();
  await expect(menu.getByRole('menuitem')).toHaveText(['Mark active']);
  await page.keyboard.press('Escape');
  await page.getByTestId('branch-header').getByTestId('edited-mark').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('branch-status')).toHaveText('active');
  await expect.poll(() => metadataOf(studio.gcc, 'main')).toBe(before);
});

test('a merged branch is offered no status, only the way to Undo merge; the server refuses one too', async ({ page, studio }) => {
  const before = metadataOf(studio.gcc, 'auth-jwt');
  await openStudio(page, studio.url);
  await openBranch(page, 'auth-jwt');
  await expect(page.getByTestId('branch-status')).toHaveText('merged');
  await page.getByTestId('branch-status-menu').click();
  const menu = page.getByRole('menu', { name: 'Status of auth-jwt' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Open Compare & merge']);
  await expectAccessible(page, "a merged branch's status menu");
  await expect(page.getByTestId('status-menu-merged')).toHaveText('Merged into main: its status stays merged. To take the merge back, use Undo merge in Compare & merge.');
  await menu.getByRole('menuitem', { name: 'Open Compare & merge' }).click();
  await expect(page.getByRole('tab', { name: 'Compare & merge' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('merge-bar-merged')).toContainText('Merged into main');

  // Asked directly, as a script or an older page would.
  const meta = parseMetadata(new TextEncoder().encode(before), 'metadata.yaml').metadata!;
  const headers = { authorization: `Bearer ${studio.token}`, origin: studio.origin, 'content-type': 'application/json' };
  for (const status of ['active', 'abandoned']) {
    const res = await page.request.patch(`${studio.origin}/api/branches/auth-jwt/metadata`, { headers, data: { version: metadataVersion(meta), fields: { status } } });
    expect([res.status(), ((await res.json()) as { error: string }).error]).toEqual([
      422,
      'auth-jwt was merged into main: its status stays merged. To take the merge back, use Undo merge in Compare & merge.',
    ]);
  }
  expect(metadataOf(studio.gcc, 'auth-jwt')).toBe(before);
});
