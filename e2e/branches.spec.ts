// 3. A new branch folder appears in the graph; a merge redraws it as merged.
import { expect, openStudio, test } from './fixtures.ts';

test('a new branch appears in list and graph, and its merge redraws it as merged', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'tab=graph');
  const graph = page.getByTestId('branch-graph');
  const list = page.getByRole('region', { name: 'Branch list' });

  studio.writer.createBranch('cache-layer', 'Add a Redis read-through cache for GET /todos', 'main');
  await expect(list.locator('[data-branch="cache-layer"]')).toBeVisible();
  await expect(graph.locator('circle[data-id="cache-layer^"]')).toHaveClass(/status-active/);
  await expect(graph.locator('path[data-id="cache-layer|fork"]')).toHaveCount(1);

  studio.writer.logStep('cache-layer', { observation: 'GET /todos p95 is 40 ms', thought: 'Cache it', action: 'npm install ioredis' });
  studio.writer.commit('cache-layer', 'Read-through cache with 30 s TTL; p95 down to **6 ms**.');
  await expect(graph.locator('circle[data-id="cache-layer@0"]')).toBeVisible();
  await expect(list.locator('[data-branch="cache-layer"]')).toContainText('1 commit · 1 step');

  studio.writer.merge('cache-layer', 'main');
  await expect(graph.locator('circle[data-id="cache-layer@0"]')).toHaveClass(/status-merged/);
  await expect(graph.locator('path[data-id="cache-layer|merge"]')).toHaveCount(1);
  await expect(list.locator('[data-branch="cache-layer"]')).toContainText('merged → main');
  // main got the merge commit: it is drawn on main's lane, where the merge edge lands.
  await expect(graph.locator('circle.node-commit[data-id^="main@"]')).toHaveCount(4);
  const [edgeEnd, mergeDot] = await Promise.all([
    graph.locator('path[data-id="cache-layer|merge"]').getAttribute('d'),
    graph.locator('circle[data-id="main@3"]').evaluate((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`),
  ]);
  expect(edgeEnd!.endsWith(mergeDot)).toBe(true);
});
