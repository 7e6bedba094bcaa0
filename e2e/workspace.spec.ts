// 1. The page lists the branches and commits of a corpus workspace; the graph has one node per commit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openStudio, test } from './fixtures.ts';
import { CORPUS } from './helpers/studio.ts';

/** Commit ids per branch, read straight from the fixture's commit.md files (not from our parser). */
function fixtureCommits(corpusCase: string): Record<string, string[]> {
  const branchesDir = join(CORPUS, corpusCase, '.GCC', 'branches');
  const out: Record<string, string[]> = {};
  for (const name of readdirSync(branchesDir)) {
    const text = readFileSync(join(branchesDir, name, 'commit.md'), 'utf8');
    out[name] = [...text.matchAll(/^## Commit `([^`]+)`$/gm)].map((m) => m[1]!);
  }
  return out;
}

test('lists branches and commits, and draws one graph node per commit', async ({ page, studio }, testInfo) => {
  const commits = fixtureCommits('python');
  await openStudio(page, studio.url);

  const list = page.getByRole('region', { name: 'Branch list' });
  for (const name of Object.keys(commits)) await expect(list.locator(`[data-branch="${name}"]`)).toBeVisible();
  await expect(list.locator('[data-branch]')).toHaveCount(Object.keys(commits).length);
  await expect(list.locator('[data-branch="auth-jwt"]')).toContainText('merged → main');

  await expect(page.getByTestId('graph-minimap')).toBeVisible();
  await page.getByRole('tab', { name: 'Graph' }).click();
  const graph = page.getByTestId('branch-graph');
  const total = Object.values(commits).flat().length;
  await expect(graph.locator('circle.node-commit')).toHaveCount(total);
  for (const [branch, ids] of Object.entries(commits)) {
    await expect(graph.locator(`circle.node-commit[data-id^="${branch}@"]`)).toHaveCount(ids.length);
  }
  await expect(graph.locator('circle.node-commit.status-merged')).toHaveCount(commits['auth-jwt']!.length);

  // The selected branch's commits, newest first.
  await page.getByRole('tab', { name: /Commits/ }).click();
  await expect(page.getByTestId('commit-card').locator('.commit-id')).toHaveText([...commits['main']!].reverse());
  // Markdown is rendered (bold, code), never raw.
  await expect(page.getByTestId('commit-card').first().locator('strong').first()).toBeVisible();

  await page.getByRole('tab', { name: /OTA log/ }).click();
  await expect(page.getByTestId('step-card').last()).toContainText('Replaying an old refresh token now returns 401.');
  await expect(page.getByTestId('step-card').last()).toContainText('merged from auth-jwt');

  await page.screenshot({ path: 'test-results/main-view.png' });
  await testInfo.attach('main-view', { path: 'test-results/main-view.png', contentType: 'image/png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/main-view-dark.png' });
  await testInfo.attach('main-view-dark', { path: 'test-results/main-view-dark.png', contentType: 'image/png' });
});

test('a link to a branch the workspace has not got says so, and shows main', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=auth-jtw');
  const notice = page.getByTestId('missing-branch');
  await expect(notice).toContainText('No branch auth-jtw in this workspace');
  await expect(page.getByTestId('branch-header').getByRole('heading', { level: 1 })).toHaveText('main');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]branch=main/);
});
