// The picture the README opens with (docs/screenshot.png), taken from the real page so it stays true: a workspace a
// Python agent wrote, at 1440×900, in the light theme. The page's clock is fixed (ages read the same on any day) and
// the folder has a fixed path outside the checkout, so the file changes only when the page's look does.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openStudio, test } from './fixtures.ts';
import { REPO, startStudio } from './helpers/studio.ts';

test('the README screenshot', async ({ page }) => {
  const studio = await startStudio('python', { dir: join(tmpdir(), 'todo-service') });
  try {
    // Two hours after the corpus's last record.
    await page.clock.setFixedTime(new Date('2026-12-02T16:00:00Z'));
    await page.emulateMedia({ colorScheme: 'light' });
    await openStudio(page, studio.url, 'branch=auth-jwt');
    await expect(page.getByTestId('step-card')).toHaveCount(3);
    await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
    await expect(page.getByRole('slider', { name: 'Moment' })).toBeVisible();
    await page.screenshot({ path: join(REPO, 'docs', 'screenshot.png'), animations: 'disabled' });
  } finally {
    await studio.stop();
  }
});
