// No console error, page error or failed request on the pages a user meets first: the live page (a step arriving,
// the Context and Roadmap tabs, a search), time travel (moments superseded faster than they are answered), the fleet
// page (whose first requests go out before it knows it is a fleet's), a --read-only folder (every tab; a git row's in
// git-fleet.spec.ts) and an exported page. The requests the page cancels itself are told apart in
// helpers/page-problems.ts.
import { join } from 'node:path';
import { expect, openStudio, test } from './fixtures.ts';
import { STUDIO_RECORD_ROUTES, openEveryTab } from './helpers/every-tab.ts';
import { exportHtml } from './helpers/export.ts';
import { startFleetStudio } from './helpers/fleet.ts';
import { watchProblems } from './helpers/page-problems.ts';
import { CORPUS, startStudio } from './helpers/studio.ts';

test('the live page: a step arrives, Context and Roadmap, a search', async ({ page, studio }) => {
  const watch = await watchProblems(page);
  await openStudio(page, studio.url, 'branch=main');
  studio.writer.logStep('main', { observation: 'arrives live', thought: 'no error anywhere', action: 'check the console' });
  await expect(page.getByTestId('step-card').filter({ hasText: 'arrives live' })).toBeVisible();
  await page.getByRole('tab', { name: 'Roadmap' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Roadmap' })).toBeVisible();
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
  await page.getByRole('searchbox').fill('jose');
  await expect(page.getByText(/\d+ match/)).toBeVisible();
  expect(await watch.problems()).toEqual([]);
});

test('time travel: steps taken faster than they are answered, then back to now', async ({ page, studio }) => {
  const watch = await watchProblems(page);
  await openStudio(page, studio.url, 'branch=main');
  const moment = page.getByTestId('moment');
  for (let i = 0; i < 6; i++) await page.locator('body').press('ArrowLeft');
  await expect(moment.locator('time')).toBeVisible();
  await page.getByRole('button', { name: 'Now' }).click();
  await expect(moment).toHaveText('Live');
  expect(await watch.problems()).toEqual([]);
});

test('a --read-only folder: every tab; its records of edits and merges read, no merge preview asked', async ({ page }) => {
  const studio = await startStudio('python', { args: ['--read-only'] });
  try {
    const watch = await watchProblems(page);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await openStudio(page, studio.url, 'branch=auth-session');
    await openEveryTab(page);
    await page.getByRole('tab', { name: 'Compare & merge' }).click();
    await expect(page.getByTestId('merge-bar')).toContainText('Read-only: gcc-studio merges nothing here.');
    // A folder keeps gcc-studio's records, read-only or not: its edited marks and merge notes show (a git ref has none).
    const records = new Set(asked.map((u) => new URL(u).pathname).filter((p) => STUDIO_RECORD_ROUTES.test(p)));
    expect([...records].sort()).toEqual(['/api/edits', '/api/merge/history']);
    expect(await watch.problems()).toEqual([]);
  } finally {
    await studio.stop();
  }
});

test("the fleet page, and a workspace's page inside it", async ({ page, context }) => {
  const fleet = await startFleetStudio({ 'agents/alpha': 'python', gamma: 'go' });
  try {
    const watch = await watchProblems(page);
    await page.goto(fleet.url);
    await expect(page.getByTestId('fleet-row')).toHaveCount(2);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
    await page.getByTestId('fleet-settings').click();
    await expect(page.getByRole('dialog', { name: 'Badge thresholds' })).toBeVisible();
    expect(await watch.problems()).toEqual([]);

    // A page of its own (leaving the fleet's page would cut its stream, which is no fault of either).
    const inside = await context.newPage();
    const watchInside = await watchProblems(inside);
    await inside.goto(`${new URL(fleet.url).origin}/?ws=gamma&branch=main`);
    await expect(inside.getByTestId('connection')).toHaveAttribute('data-status', 'live');
    await expect(inside.getByTestId('context-text')).toContainText('# CONTEXT');
    expect(await watchInside.problems()).toEqual([]);
  } finally {
    await fleet.stop();
  }
});

test('an exported page: search, compare and the tabs, from file://', async ({ page }) => {
  const exported = exportHtml(join(CORPUS, 'python'));
  try {
    const watch = await watchProblems(page);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto(exported.url('?branch=auth-jwt'));
    await expect(page.getByTestId('step-card').first()).toBeVisible();
    await page.getByRole('searchbox').fill('refresh');
    await expect(page.getByText(/\d+ match/)).toBeVisible();
    await page.getByRole('tab', { name: 'Compare & merge' }).click();
    await expect(page.getByTestId('compare-view')).toBeVisible();
    await page.getByRole('tab', { name: 'Roadmap' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Roadmap' })).toBeVisible();
    expect(await watch.problems()).toEqual([]);
    expect(asked.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    expect(asked.filter((u) => u.includes('/api/'))).toEqual([]);
  } finally {
    exported.remove();
  }
});
