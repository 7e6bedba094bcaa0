// An exported page opens from file:// with the network off: no server, nothing fetched but the file itself. It shows
// the memory at the moment it was exported at, says it is a snapshot, offers nothing that needs a server, and its
// search and compare work offline (the same pure code the server runs, over the records the file holds). A fleet's
// root exports as one page too.
import { cpSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { CORPUS } from '../fixtures/corpus.ts';
import { exportHtml, type ExportedFile } from './helpers/export.ts';
import { saveScreen } from './helpers/screens.ts';

let exported: ExportedFile | null = null;
test.afterEach(() => exported?.remove());

/** Offline, and every request the page makes noted: only the file itself may be read. */
async function offline(page: Page, context: BrowserContext): Promise<string[]> {
  await context.setOffline(true);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  return requests;
}
const outside = (requests: string[]) => requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'));

test('an exported moment opens from file:// offline, read-only, as it was', async ({ page, context }) => {
  exported = exportHtml(join(CORPUS, 'python'), '--at', 'auth-jwt@step:2');
  expect(statSync(exported.file).size).toBeGreaterThan(1000);
  const requests = await offline(page, context);
  await page.goto(exported.url('?branch=auth-jwt'));
  const list = page.getByRole('region', { name: 'Branch list' });
  await expect(list.locator('[data-branch="auth-jwt"]')).toContainText('active');
  await expect(list.locator('[data-branch="auth-session"]')).toHaveCount(0);
  // The moment in local time, in full; its instant and record in the title.
  const moment = page.getByTestId('moment').locator('time');
  await expect(moment).toHaveAttribute('title', /^2026-12-02T13:58:14\.\d+Z · auth-jwt@step:2$/);
  await expect(moment).toHaveText(/^2026-12-0\d \d\d:\d\d:14$/);
  await expect(page.getByTestId('step-card')).toHaveCount(2);
  await expect(page.getByText('# CONTEXT — branch `auth-jwt` (K=1)')).toBeVisible();
  // A snapshot, not a server: no Offline pill, no Pause, no edits.
  await expect(page.getByTestId('connection')).toHaveText('Snapshot');
  await expect(page.getByRole('switch', { name: /Pause/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  expect(outside(requests)).toEqual([]);
});

test("the export's search and compare work offline", async ({ page, context }) => {
  exported = exportHtml(join(CORPUS, 'python'));
  const requests = await offline(page, context);
  await page.goto(exported.url('?branch=main'));
  await expect(page.getByTestId('step-card').first()).toBeVisible();

  // Search: the same matches the server would give, and a result opens its step.
  await page.getByRole('searchbox').fill('refresh token');
  const results = page.getByRole('listbox');
  await expect(page.getByText(/^\d+ match(es)?$/)).toBeVisible();
  await expect(results.getByRole('option').first()).toContainText('auth-jwt');
  await results.getByRole('option').filter({ hasText: 'Replaying an old refresh token' }).first().click();
  await expect(page).toHaveURL(/branch=auth-jwt/);
  await expect(page.locator('.step-card.is-selected')).toContainText('Replaying an old refresh token now returns 401.');

  // Compare: auth-session against main, what it adds; no merge (that needs the server).
  await page.getByRole('region', { name: 'Branch list' }).locator('[data-branch="auth-session"]').click();
  await page.getByRole('tab', { name: 'Compare & merge' }).click();
  const compare = page.getByTestId('compare-view');
  await expect(compare).toBeVisible();
  await expect(page.getByTestId('compare-base-select')).toHaveValue('main');
  await expect(compare).toContainText('Benchmarked Redis-backed sessions against JWT');
  await expect(page.getByTestId('merge-preview')).toHaveCount(0);
  await expect(compare.locator('.notice-error')).toHaveCount(0);
  await saveScreen(page, 'export-compare', 'light');
  expect(outside(requests)).toEqual([]);
});

test('a fleet root exports as one page: its rows, and each workspace opened from the file', async ({ page, context }, info) => {
  const root = join(info.outputDir, 'root');
  cpSync(join(CORPUS, 'python', '.GCC'), join(root, 'agents/alpha/.GCC'), { recursive: true });
  cpSync(join(CORPUS, 'typescript', '.GCC'), join(root, 'agents/beta/.GCC'), { recursive: true });
  cpSync(join(CORPUS, 'go', '.GCC'), join(root, 'gamma/.GCC'), { recursive: true });
  exported = exportHtml(root);
  const requests = await offline(page, context);
  await page.goto(exported.url());
  const rows = page.getByTestId('fleet-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Fleet' })).toBeVisible();
  await expect(page.getByTestId('connection')).toHaveText('Snapshot');
  // When it was exported, said as a workspace's exported page says it.
  const banner = page.getByTestId('exported-banner');
  await expect(banner).toContainText(/^A snapshot exported \d{4}-\d\d-\d\d \d\d:\d\d:\d\d: the memory as it was then; read-only, with no server behind it\.$/);
  const exportedAt = await banner.locator('time').getAttribute('dateTime');
  expect(Math.abs(Date.parse(exportedAt!) - Date.now())).toBeLessThan(10 * 60_000);
  await expect(page.locator('[data-testid="fleet-row"][data-ws="agents/beta"]')).toContainText('typescript');
  await page.getByTestId('fleet-sort').selectOption('name');
  await expect(rows.first()).toHaveAttribute('data-ws', 'agents/alpha');

  await page.locator('[data-testid="fleet-row"][data-ws="gamma"]').getByTestId('fleet-open').click();
  await expect(page).toHaveURL(/\?ws=gamma/);
  await expect(page.getByTestId('fleet-back')).toContainText('gamma');
  await expect(page.getByRole('region', { name: 'Branch list' }).locator('[data-branch]')).toHaveCount(3);
  await expect(page.getByTestId('branch-header')).toContainText('go');
  await expect(page.getByTestId('exported-banner').locator('time')).toHaveAttribute('dateTime', exportedAt!);
  await page.getByTestId('fleet-back').click();
  await expect(rows).toHaveCount(3);
  expect(outside(requests)).toEqual([]);
});
