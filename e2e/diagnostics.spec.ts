// The Diagnostics tab on the real page: a problem written into a log shows with where it is, its branch opens from
// it, and its path can be copied for an editor other than VS Code.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openStudio, test } from './fixtures.ts';

test('a problem in a log: where it is, its branch, and its path to copy', async ({ page, context, studio }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studio.origin });
  await openStudio(page, studio.url, 'branch=auth-jwt');
  appendFileSync(join(studio.gcc, 'branches/main/log.md'), 'stray words the agent never meant\n');
  const tab = page.getByRole('tab', { name: /Diagnostics/ });
  await expect(tab).toContainText('1');
  await tab.click();
  const list = page.getByTestId('diagnostics');
  await expect(list.getByRole('link', { name: /^branches\/main\/log\.md:\d+$/ })).toHaveAttribute('href', /^vscode:\/\/file\/.*\/\.GCC\/branches\/main\/log\.md:\d+$/);

  await list.getByRole('button', { name: 'copy path' }).click();
  await expect(list.getByRole('button', { name: 'copied ✓' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${join(studio.gcc, 'branches/main/log.md').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+$`));

  await list.getByRole('button', { name: 'show main' }).click();
  await expect(page).toHaveURL(/[?&]branch=main/);
});
