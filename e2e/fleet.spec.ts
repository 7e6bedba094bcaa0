// Many agents at once: three workspaces under one root, a Python writer in one. Its row updates live, a .GCC/
// created under the root appears, idle ones go stalled (a 4 s threshold in the URL) with the reason and its basis on
// hover, by the records' times as Last activity (never the copy's file times), and a
// click opens a workspace where a commit is edited: in that workspace's files only.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { startFleetStudio, type FleetStudio } from './helpers/fleet.ts';

let fleet: FleetStudio;
test.beforeEach(async () => {
  fleet = await startFleetStudio({ 'agents/alpha': 'python', 'agents/beta': 'typescript', gamma: 'go' });
});
test.afterEach(async () => {
  await fleet.stop();
});

const row = (page: Page, ws: string) => page.locator(`[data-testid="fleet-row"][data-ws="${ws}"]`);

test('rows update live, a new .GCC/ appears, idle ones stall, and a workspace opens to edit a commit', async ({ page }) => {
  test.slow();
  await page.goto(`${fleet.url}#stall=4`);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('fleet-row')).toHaveCount(3);
  // The counts read with their words (a screen reader's, a search's) and the column says which is which.
  await expect(row(page, 'agents/alpha').getByTestId('fleet-branches')).toHaveText('2 active / 1 merged / 0 abandoned');
  await expect(row(page, 'agents/alpha').getByTestId('fleet-branches')).toHaveAttribute('title', '2 active, 1 merged, 0 abandoned');
  await expect(page.getByTestId('fleet-branches-legend')).toBeVisible();
  await expect(page.getByTestId('fleet-branches-legend')).toHaveText('active / merged / abandoned');

  const writer = fleet.writer('agents/alpha', 'python');
  const steps = row(page, 'agents/alpha').getByTestId('fleet-steps');
  const before = Number(await steps.textContent());
  const started = Date.now();
  writer.logStep('main', { observation: 'fleet row watches me', thought: 'still going', action: 'append' });
  await expect(steps).toHaveText(String(before + 1));
  console.log(`write → fleet row: ${Date.now() - started} ms`);
  await expect(row(page, 'agents/alpha').getByTestId('fleet-activity')).toContainText(/^\d+ s ago$/);

  fleet.add('later/delta', 'rust');
  await expect(row(page, 'later/delta')).toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId('fleet-row')).toHaveCount(4);

  // The writer keeps main busy; the others' newest steps are the corpus's, days old: stalled at once, by the same
  // times their Last activity shows (the copy's file times, all new, count for neither).
  const keepBusy = setInterval(() => writer.logStep('main', { observation: 'busy', thought: 't', action: `a${Date.now()}` }), 700);
  try {
    const stalled = row(page, 'gamma').getByTestId('badge-stalled');
    await expect(stalled).toBeVisible({ timeout: 15_000 });
    await expect(stalled).toHaveAttribute('title', /(^|\n)main: no new step for \d+ d\n(.*\n)*.*each step's own time.*never the files' times/);
    await expect(row(page, 'gamma').getByTestId('fleet-activity')).toHaveText(/^\d+ d ago$/);
    const alphaStall = row(page, 'agents/alpha').getByTestId('badge-stalled');
    if (await alphaStall.count()) await expect(alphaStall).not.toHaveAttribute('title', /(^|\n)main:/);
  } finally {
    clearInterval(keepBusy);
  }

  await page.getByTestId('fleet-badge-filter').selectOption('stalled');
  await expect(row(page, 'gamma')).toBeVisible();
  await page.getByTestId('fleet-badge-filter').selectOption('all');

  await row(page, 'agents/alpha').getByTestId('fleet-open').click();
  await expect(page).toHaveURL(/\?ws=agents%2Falpha/);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('fleet-back')).toContainText('agents/alpha');
  await page.getByRole('tab', { name: /Commits/ }).click();
  const card = page.getByTestId('commit-card').filter({ has: page.getByRole('button', { name: 'Select commit c4a0a7ed' }) });
  await card.getByRole('button', { name: "Edit this commit's contribution of commit c4a0a7ed" }).click();
  await card.getByTestId('editor').getByRole('textbox').fill('Edited from the fleet, in alpha only.');
  await card.getByTestId('editor').getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('editor')).toBeHidden();
  await expect(card).toContainText('Edited from the fleet, in alpha only.');
  await expect(card.getByTestId('edited-mark')).toBeVisible();
  expect(readFileSync(join(fleet.root, 'agents/alpha/.GCC/branches/main/commit.md'), 'utf8')).toContain('Edited from the fleet, in alpha only.');
  expect(readFileSync(join(fleet.root, 'agents/beta/.GCC/branches/main/commit.md'), 'utf8')).not.toContain('Edited from the fleet');
  await expect(page).toHaveURL(/\?ws=agents%2Falpha(&branch=main)?&tab=commits/);
});

test('j/k with Enter open a workspace from the list, a deleted one shows as gone, a deep link works inside ?ws=', async ({ page }) => {
  const u = new URL(fleet.url);
  await page.goto(fleet.url);
  await expect(page.getByTestId('fleet-row')).toHaveCount(3);
  await page.getByTestId('fleet-sort').selectOption('name');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(row(page, 'agents/beta')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?ws=agents%2Fbeta/);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');

  // A workspace deleted while served stays listed, shown as gone.
  rmSync(join(fleet.root, 'agents/beta'), { recursive: true });
  await page.goto(`${u.origin}/`);
  await expect(row(page, 'agents/beta')).toHaveAttribute('data-state', 'gone', { timeout: 5_000 });
  await expect(row(page, 'agents/beta').getByTestId('fleet-open')).toHaveCount(0);

  await page.goto(`${u.origin}/?ws=gamma&branch=main&tab=commits`);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('commit-list')).toBeVisible();
  await expect(page).toHaveURL(/\?ws=gamma&branch=main&tab=commits/);
});
