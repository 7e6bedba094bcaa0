// A 150-branch workspace (written by the Contexa-Python writer): the branch list draws only the rows in view and still
// reaches every branch (by scrolling, and by a link that selects one far down), the graph asks one request for every
// branch's commits instead of one a branch, and a commit written now reaches the graph through it.
import { expect, openStudio, test as base } from './fixtures.ts';
import { writeBranchTree, type BranchTree } from './helpers/branch-tree.ts';
import { startStudio, type Studio } from './helpers/studio.ts';

const COUNT = 150;

const test = base.extend<{ tree: { studio: Studio; tree: BranchTree } }>({
  tree: async ({}, use) => {
    let tree: BranchTree | null = null;
    const studio = await startStudio((dir) => (tree = writeBranchTree(dir, COUNT)));
    await use({ studio, tree: tree! });
    await studio.stop();
  },
});

test('150 branches: a windowed list that reaches every branch, one request for the graph, a live commit in it', async ({ page, tree: { studio, tree } }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/commits') || /^\/api\/branches\/[^/]+$/.test(path)) asked.push(path);
  });
  const far = tree.names.at(-1)!;
  await openStudio(page, studio.url, `branch=${far}`);
  const list = page.getByRole('region', { name: 'Branch list' });
  await expect(list.locator('.panel-head')).toContainText(String(COUNT));
  await expect(page.getByTestId('graph-minimap')).toHaveAttribute('aria-label', new RegExp(`${COUNT} branches`));

  // Only the rows around the view are drawn, and the linked branch far down is one of them, selected and in view.
  const selected = list.locator(`[data-branch="${far}"]`);
  await expect(selected).toHaveAttribute('aria-current', 'true');
  await expect(selected).toBeInViewport();
  expect(await list.locator('[data-branch]').count()).toBeLessThan(COUNT / 2);

  // Scrolling the list to the top draws main; a click there selects it.
  await list.locator('ul').evaluate((el) => (el.scrollTop = 0));
  await list.locator('[data-branch="main"]').click();
  await expect(page.getByTestId('branch-header')).toContainText('main');

  // The graph's commits came in one request; a branch's own route was asked only for the branches shown.
  expect(asked.filter((p) => p === '/api/commits')).toHaveLength(1);
  expect(new Set(asked.filter((p) => p.startsWith('/api/branches/')))).toEqual(new Set([`/api/branches/${far}`, '/api/branches/main']));

  // A commit written now appears in the graph through that one answer, kept live.
  await page.getByRole('tab', { name: 'Graph' }).click();
  const view = page.getByTestId('graph-view');
  await view.evaluate((el) => (el.scrollTop = 0));
  tree.writer.commit(far, 'Live: written while 150 branches are open');
  await expect(view.locator('.graph-row', { hasText: 'Live: written while 150 branches are open' })).toBeVisible();
  expect(asked.filter((p) => p === '/api/commits')).toHaveLength(1);
});
