// A hand edit never changes what the graph says happened: main's merge commit (Python corpus), rewritten through the
// page, keeps its one merge row in the Graph tab and the side minimap, also after a reload. The rows read as words
// (no Markdown marks) and every branch chip shows its whole name.
import type { Page } from '@playwright/test';
import { expect, openStudio, test } from './fixtures.ts';

const MERGE_COMMIT = 'c7bab771';

const graphRow = (page: Page, id: string) => page.getByTestId('graph-view').locator('.graph-row[data-kind="commit"]').filter({ hasText: id });

/** The rows the graph and the minimap say they draw, the loose merge rows, and the chips cut short (px hidden). */
async function graphShape(page: Page) {
  await expect(page.getByTestId('graph-view').locator('.graph-row').first()).toBeVisible();
  return {
    graph: await page.getByTestId('graph-view').getAttribute('aria-label'),
    minimap: await page.getByTestId('graph-minimap').getAttribute('aria-label'),
    rows: await page.getByTestId('graph-view').locator('.graph-row').count(),
    looseMerges: await page.getByTestId('graph-view').locator('.graph-row[data-kind="merge"]').count(),
    clippedChips: await page
      .getByTestId('graph-view')
      .locator('.branch-chip-name')
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent)),
  };
}

test('editing the merge commit keeps its one merge row in the graph and the minimap, after a reload too', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=main&tab=graph');
  await expect(graphRow(page, MERGE_COMMIT)).toBeVisible();
  const before = await graphShape(page);
  expect(before).toMatchObject({ rows: 9, looseMerges: 0, clippedChips: [] });
  // Plain words: the contribution's backticks and ** are not drawn.
  await expect(graphRow(page, MERGE_COMMIT).locator('.row-text')).toHaveText(/^Merged branch auth-jwt \(2 commits\)\. Contributions: Added POST \/auth\/login issuing/);
  await expect(page.getByTestId('graph-view').locator('.row-text').filter({ hasText: /\*\*|`/ })).toHaveCount(0);

  await page.getByRole('tab', { name: /Commits/ }).click();
  const card = page.getByTestId('commit-card').filter({ has: page.getByRole('button', { name: `Select commit ${MERGE_COMMIT}` }) });
  await card.getByRole('button', { name: `Edit this commit's contribution of commit ${MERGE_COMMIT}` }).click();
  const editor = card.getByTestId('editor');
  await editor.getByRole('textbox').fill('JWT auth landed on main (**hand-edited**)');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(card.getByTestId('edited-mark')).toBeVisible();

  await page.getByRole('tab', { name: /Graph/ }).click();
  await expect(graphRow(page, MERGE_COMMIT).locator('.row-text')).toHaveText('JWT auth landed on main (hand-edited)');
  expect(await graphShape(page)).toEqual(before);
  await page.reload();
  await expect(graphRow(page, MERGE_COMMIT).locator('.row-text')).toHaveText('JWT auth landed on main (hand-edited)');
  expect(await graphShape(page)).toEqual(before);
});
