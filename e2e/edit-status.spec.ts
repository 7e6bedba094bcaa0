// A branch's status from its header menu: arrow keys write nothing, abandoning asks first and can be undone, a
// merged branch is offered no status at all (the server refuses one too), and a read-only metadata.yaml is said as
// the menu opens, on a real folder the real writer wrote.
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parseMetadata } from '../shared/gcc/read/metadata.ts';
import { metadataVersion } from '../shared/gcc/write/edit-version.ts';
import { expect, openStudio, test } from './fixtures.ts';
import { expectAccessible } from './helpers/axe.ts';
import { saveScreen } from './helpers/screens.ts';

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

test('a read-only metadata.yaml is said in the menu as it opens, its items off, before anything is confirmed', async ({ page, studio }) => {
  const file = join(studio.gcc, 'branches', 'main', 'metadata.yaml');
  const before = metadataOf(studio.gcc, 'main');
  // The server respects a file's mode also as root (the tests run as root), so 0444 is read-only to it.
  chmodSync(file, 0o444);
  await openStudio(page, studio.url);
  const button = page.getByTestId('branch-status-menu');
  await button.click();
  const menu = page.getByRole('menu', { name: 'Status of main' });
  const note = page.getByTestId('status-menu-unwritable');
  await expect(note).toContainText('The status cannot change now: branches/main/metadata.yaml is read-only (mode 0444)');
  await expect(note.locator('code')).toHaveText('branches/main/metadata.yaml');
  await expect(note).toContainText('make it writable (chmod u+w)');
  const item = menu.getByRole('menuitem', { name: 'Mark abandoned…' });
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await expect(menu).toHaveAccessibleDescription(/metadata\.yaml is read-only/);
  await expectAccessible(page, 'a status menu whose metadata is read-only');
  await saveScreen(page, 'status-menu-read-only', 'light');
  // Chosen anyway (a click Playwright would refuse on an item it sees is off, Enter): no dialog, nothing written, the
  // menu stays and keeps saying why.
  await item.click({ force: true });
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('abandon-dialog')).toHaveCount(0);
  await expect(note).toBeVisible();
  expect(metadataOf(studio.gcc, 'main')).toBe(before);

  // Writable again: the next time the menu opens it asks again, and the item works.
  await page.keyboard.press('Escape');
  chmodSync(file, 0o644);
  await button.click();
  await expect(note).toHaveCount(0);
  await expect(item).not.toHaveAttribute('aria-disabled');
  await item.click();
  await expect(page.getByTestId('abandon-dialog')).toBeVisible();
});

test('a read-only metadata.yaml is said as the purpose editor opens, its Save off, before anything is typed', async ({ page, studio }) => {
  const file = join(studio.gcc, 'branches', 'main', 'metadata.yaml');
  const before = metadataOf(studio.gcc, 'main');
  chmodSync(file, 0o444);
  await openStudio(page, studio.url, 'branch=main');
  await page.getByRole('button', { name: 'Edit the purpose of main' }).click();
  const editor = page.getByTestId('editor');
  const note = editor.getByTestId('edit-unwritable');
  await expect(note).toContainText('This cannot be saved now: branches/main/metadata.yaml is read-only (mode 0444)');
  await expect(note.locator('code')).toHaveText('branches/main/metadata.yaml');
  const input = editor.getByRole('textbox', { name: 'the purpose of main' });
  await expect(input).toHaveAccessibleDescription(/metadata\.yaml is read-only/);
  await input.fill('A purpose that cannot be saved');
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectAccessible(page, 'a purpose editor whose metadata is read-only');
  await saveScreen(page, 'purpose-editor-read-only', 'light');
  expect(metadataOf(studio.gcc, 'main')).toBe(before);
  // Writable again: the next opening asks again, and Save is on.
  chmodSync(file, 0o644);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await editor.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('button', { name: 'Edit the purpose of main' }).click();
  await page.getByTestId('editor').getByRole('textbox').fill('A purpose saved');
  await expect(page.getByTestId('editor').getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.getByTestId('edit-unwritable')).toHaveCount(0);
});
