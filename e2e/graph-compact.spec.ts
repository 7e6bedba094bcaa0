// The graph a user trusts at first sight, on a generated 50-branch workspace of five commits a branch (written by the
// Contexa-Python writer): compact rows that name 20 branches or more on the first screen and stay on a reload, lane
// colours that never read as a status, names told apart, "Find a branch" moving as the user types; axe-core and a
// screenshot of each in both themes, and not one console error on the way.
import type { Locator, Page } from '@playwright/test';
import { expect, openStudio, test as base } from './fixtures.ts';
import { expectAccessible } from './helpers/axe.ts';
import { writeBranchTree, type BranchTree } from './helpers/branch-tree.ts';
import { watchConsole } from './helpers/console-watch.ts';
import { saveScreen, THEMES, useTheme } from './helpers/screens.ts';
import { startStudio, type Studio } from './helpers/studio.ts';

/** What the graph draws: the centre column with its Graph tab, and the side column's minimap. */
const LOOK_ALIKES = ['cursor-pagination', 'cursor-pagination-2', 'cursor-pagination-3'];

const test = base.extend<{ tree: { studio: Studio; tree: BranchTree } }>({
  tree: async ({}, use) => {
    let tree: BranchTree | null = null;
    const studio = await startStudio((dir) => {
      tree = writeBranchTree(dir, 50, 5);
      // Three names a cut would make look the same, each with a commit of its own.
      for (const name of LOOK_ALIKES) {
        tree.writer.createBranch(name, `Paginate by cursor, take ${name.at(-1)}`, 'main');
        tree.writer.commit(name, `Cursor pagination: ${name}`);
      }
    });
    await use({ studio, tree: tree! });
    await studio.stop();
  },
});

/** The branch names of the rows wholly inside the graph's scroller now: what the first screen names. */
async function namesOnScreen(scroller: Locator): Promise<string[]> {
  return scroller.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const names = new Set<string>();
    for (const row of el.querySelectorAll<HTMLElement>('.graph-row')) {
      const r = row.getBoundingClientRect();
      if (r.top >= box.top && r.bottom <= box.bottom) names.add(row.dataset.branch!);
    }
    return [...names];
  });
}

/** Every lane stroke's colour on screen, and the three status colours, as the browser computes them. */
async function laneAndStatusColours(page: Page): Promise<{ lanes: string[]; statuses: string[] }> {
  return page.evaluate(() => {
    const lanes = [...document.querySelectorAll('[data-testid="branch-graph"] .edge')].map((e) => getComputedStyle(e).stroke);
    const statuses = ['active', 'merged', 'abandoned'].map((s) => {
      const dot = document.querySelector(`.graph-legend .status-${s}`)!;
      return getComputedStyle(dot).backgroundColor;
    });
    return { lanes: [...new Set(lanes)], statuses };
  });
}

test('the graph: lane colours apart from the statuses, compact rows at 50 branches, find as you type', async ({ page, tree: { studio, tree } }) => {
  test.setTimeout(90_000);
  const watch = watchConsole(page);
  await openStudio(page, studio.url, 'tab=graph');
  const scroller = page.getByTestId('graph-view');
  await expect(page.getByTestId('graph-summary')).toContainText('53 of 53 branches');

  for (const theme of THEMES) {
    await useTheme(page, theme);
    const { lanes, statuses } = await laneAndStatusColours(page);
    expect(lanes.length).toBeGreaterThan(1);
    expect(lanes.filter((c) => statuses.includes(c))).toEqual([]);
    await expectAccessible(page, `the Graph tab (${theme})`);
    await saveScreen(page, 'graph', theme);
  }

  // One row a dot: a few branches a screen. Compact rows: one a run of commits, with their count.
  const before = await namesOnScreen(scroller);
  await page.getByRole('button', { name: 'Compact rows' }).click();
  await expect(page).toHaveURL(/[?&]graph=compact(&|$)/);
  await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
  const recent = tree.names.filter((n) => n !== 'main' && !tree.merged.includes(n)).at(-1)!;
  await expect(scroller.locator(`.graph-row[data-branch="${recent}"]`).getByTestId('run-count')).toHaveText('5 commits');
  await expect.poll(async () => (await namesOnScreen(scroller)).length).toBeGreaterThanOrEqual(20);
  expect(before.length).toBeLessThan(20);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expectAccessible(page, `the compact graph (${theme})`);
    await saveScreen(page, 'graph-compact', theme);
  }

  // Kept in the URL like the other view options: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await namesOnScreen(scroller)).length).toBeGreaterThanOrEqual(20);

  // Names are never cut into look-alikes: each of the three reads whole.
  for (const name of LOOK_ALIKES) await expect(scroller.locator(`.graph-row[data-branch="${name}"] .branch-chip-name`).first()).toHaveText(name);

  // Find a branch: the first match is focused as the user types, before any Enter; the name itself comes first.
  const search = page.getByRole('searchbox', { name: 'Find a branch in the graph' });
  await search.fill('cursor-pagination');
  await expect(scroller.locator('.graph-row.is-cursor')).toHaveAttribute('data-branch', 'cursor-pagination');
  await expect(page.getByText('1 of 3')).toBeVisible();
  await search.press('Enter');
  await expect(scroller.locator('.graph-row.is-cursor')).toHaveAttribute('data-branch', /^cursor-pagination-[23]$/);
  const far = tree.names[1]!;
  await search.fill(far);
  await expect(scroller.locator('.graph-row.is-cursor')).toHaveAttribute('data-branch', far);
  await expect(scroller.locator('.graph-row.is-cursor')).toBeInViewport();

  expect(watch.problems()).toEqual([]);
});
