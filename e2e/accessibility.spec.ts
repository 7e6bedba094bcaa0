// axe-core on the views a user meets first, in light and dark: the live page (Context and Roadmap tabs), a travelled
// moment, the fleet page and the exported pages: no serious or critical violation. Each view's screenshot is saved
// (e2e-screens/) for a person to look at.
import { closeSync, cpSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openStudio, test } from './fixtures.ts';
import { expectAccessible, expectNoViolationsOf } from './helpers/axe.ts';

/** What axe found on the fleet page before it had the workspace page's frame (moderate, but a user's first look); held
 * on the live page too. */
const LANDMARKS = ['landmark-one-main', 'page-has-heading-one', 'region'];
import { exportHtml } from './helpers/export.ts';
import { startFleetStudio } from './helpers/fleet.ts';
import { saveScreen, THEMES, useTheme } from './helpers/screens.ts';
import { CORPUS } from './helpers/studio.ts';

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(({ page }) => useTheme(page, theme));

    test('the live page: steps, the Context and Roadmap tabs', async ({ page, studio }) => {
      await openStudio(page, studio.url, 'branch=main');
      await expect(page.getByTestId('step-card').first()).toBeVisible();
      await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
      await expectAccessible(page, `the live page (${theme})`);
      await expectNoViolationsOf(page, `the live page's landmarks (${theme})`, LANDMARKS);
      await saveScreen(page, 'main-live', theme);
      // A step just written is marked for a moment: the mark must leave the text readable.
      studio.writer.logStep('main', { observation: 'A new step, marked as it arrives.', thought: 'Readable while marked.', action: 'axe' });
      await expect(page.locator('.step-card.is-fresh')).toBeVisible();
      await expectAccessible(page, `the live page with a new step marked (${theme})`);
      await page.getByRole('tab', { name: 'Roadmap' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Roadmap' })).toBeVisible();
      await expectAccessible(page, `the Roadmap tab (${theme})`);
      await saveScreen(page, 'main-roadmap', theme);
      await page.getByRole('tab', { name: /Commits/ }).click();
      await expect(page.getByTestId('commit-card').first()).toBeVisible();
      await expectAccessible(page, `the Commits tab (${theme})`);
      await saveScreen(page, 'main-commits', theme);
    });

    test('an editor whose record went away, then changed, on disk', async ({ page, studio }) => {
      const commitFile = join(studio.gcc, 'branches/main/commit.md');
      const original = readFileSync(commitFile, 'utf8');
      await openStudio(page, studio.url, 'branch=main&tab=commits');
      const card = page.getByTestId('commit-card').filter({ has: page.getByRole('button', { name: 'Select commit a9fb4e15' }) });
      await card.getByRole('button', { name: "Edit this commit's contribution of commit a9fb4e15" }).click();
      await card.getByRole('textbox').fill('Implemented CRUD for `/todos`, as I would put it.');
      // Cut short (truncate, then nothing): the draft stays open above the list.
      const fd = openSync(commitFile, 'w');
      await expect(page.getByTestId('detached-draft').getByTestId('edit-notice')).toBeVisible();
      await expectAccessible(page, `a draft whose record was removed (${theme})`);
      await saveScreen(page, 'edit-removed-on-disk', theme);
      writeSync(fd, original.replace('backed by Postgres', 'backed by SQLite'));
      closeSync(fd);
      await expect(card.getByTestId('edit-notice')).toContainText('changed on disk');
      await expectAccessible(page, `an editor whose record changed on disk (${theme})`);
      await saveScreen(page, 'edit-changed-on-disk', theme);
      writeFileSync(commitFile, original);
    });

    test('a travelled moment', async ({ page, studio }) => {
      await openStudio(page, studio.url, 'branch=auth-jwt&at=auth-jwt%40step%3A2');
      await expect(page.getByTestId('moment').locator('time')).toBeVisible();
      await expect(page.getByTestId('step-card')).toHaveCount(2);
      await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
      await expectAccessible(page, `a travelled moment (${theme})`);
      await saveScreen(page, 'travelled', theme);
    });

    test('the fleet page', async ({ page }) => {
      const fleet = await startFleetStudio({ 'agents/alpha': 'python', 'agents/beta': 'typescript', gamma: 'go' });
      try {
        await page.goto(fleet.url);
        await expect(page.getByTestId('fleet-row')).toHaveCount(3);
        await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
        await expectAccessible(page, `the fleet page (${theme})`);
        await expectNoViolationsOf(page, `the fleet page's landmarks (${theme})`, LANDMARKS);
        await saveScreen(page, 'fleet', theme);
        await page.getByTestId('fleet-settings').click();
        await expect(page.getByRole('dialog', { name: 'Badge thresholds' })).toBeVisible();
        await expectAccessible(page, `the fleet's thresholds (${theme})`);
        await saveScreen(page, 'fleet-thresholds', theme);
      } finally {
        await fleet.stop();
      }
    });

    test('the exported pages: a workspace, a fleet and one of its workspaces', async ({ page }) => {
      const one = exportHtml(join(CORPUS, 'python'));
      const many = exportHtml(fleetOfCorpus());
      try {
        await page.goto(one.url('?branch=auth-jwt'));
        await expect(page.getByTestId('step-card').first()).toBeVisible();
        await expect(page.getByTestId('connection')).toHaveText('Snapshot');
        await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
        await expectAccessible(page, `an exported page (${theme})`);
        await saveScreen(page, 'export', theme);
        await page.goto(many.url());
        await expect(page.getByTestId('fleet-row')).toHaveCount(2);
        await expectAccessible(page, `an exported fleet (${theme})`);
        await expectNoViolationsOf(page, `an exported fleet's landmarks (${theme})`, LANDMARKS);
        await saveScreen(page, 'export-fleet', theme);
        await page.getByTestId('fleet-row').filter({ hasText: 'gamma' }).getByTestId('fleet-open').click();
        await expect(page.getByTestId('step-card').first()).toBeVisible();
        await expectAccessible(page, `an exported fleet's workspace (${theme})`);
        await saveScreen(page, 'export-fleet-workspace', theme);
      } finally {
        one.remove();
        many.remove();
      }
    });
  });
}

/** A fleet root of two corpus workspaces, in the test's own output folder. */
function fleetOfCorpus(): string {
  const root = join(test.info().outputDir, 'fleet-root');
  cpSync(join(CORPUS, 'python', '.GCC'), join(root, 'agents/alpha/.GCC'), { recursive: true });
  cpSync(join(CORPUS, 'go', '.GCC'), join(root, 'gamma/.GCC'), { recursive: true });
  return root;
}
