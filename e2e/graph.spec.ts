// The full branch graph on a generated 50-branch workspace (written by the Contexa-Python writer): every branch is
// reachable by scrolling, focus dims what is not in the lineage, the status filter folds merged branches into
// markers, a commit written live appears as a new row; and a screenshot for the reviewer.
import type { Locator, Page } from '@playwright/test';
import { expect, openStudio, test as base } from './fixtures.ts';
import { writeBranchTree, type BranchTree } from './helpers/branch-tree.ts';
import { startStudio, type Studio } from './helpers/studio.ts';

const test = base.extend<{ tree: { studio: Studio; tree: BranchTree } }>({
  tree: async ({}, use) => {
    let tree: BranchTree | null = null;
    const studio = await startStudio((dir) => (tree = writeBranchTree(dir, 50)));
    await use({ studio, tree: tree! });
    await studio.stop();
  },
});

const rowsOf = (view: Locator, branch: string) => view.locator(`.graph-row[data-branch="${branch}"]`);

/**
 * Scrolls the graph to `top` (null: down a screen, keeping one row of overlap) and resolves once the virtualizer has
 * drawn rows over both edges of the new screen: a fixed wait, or none, read the rows of the screen before on a loaded
 * machine, and missed a branch. True when a screen down was asked for at the end already.
 */
function scrollGraph(scroller: Locator, top: number | null): Promise<boolean> {
  return scroller.evaluate(async (el, to) => {
    const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
    el.scrollTop = to ?? el.scrollTop + el.clientHeight - 28;
    const view = el.getBoundingClientRect();
    const covers = (y: number) =>
      [...el.querySelectorAll('.graph-row')].some((r) => {
        const b = r.getBoundingClientRect();
        return b.top <= y && b.bottom >= y;
      });
    for (let frame = 0; frame < 120; frame++) {
      await new Promise((r) => requestAnimationFrame(r));
      const bottom = Math.min(view.bottom, view.top + el.scrollHeight - el.scrollTop) - 2;
      if (covers(view.top + 2) && covers(bottom)) break;
    }
    return to === null && atEnd;
  }, top);
}

/** Scrolls the graph from top to bottom a screen at a time and returns every branch name its rows showed. */
async function namesByScrolling(page: Page): Promise<Set<string>> {
  const scroller = page.getByTestId('graph-view');
  const seen = new Set<string>();
  await scrollGraph(scroller, 0);
  for (let i = 0; i < 200; i++) {
    for (const name of await scroller.locator('.graph-row .branch-chip-name').allTextContents()) seen.add(name);
    const done = await scrollGraph(scroller, null);
    if (done) break;
  }
  return seen;
}

test('the 50-branch graph: every branch by scroll, focus, the merged filter, a live commit, a screenshot', async ({ page, tree: { studio, tree } }, testInfo) => {
  // One story through a 50-branch workspace (a server start, many scrolls): more than a single-check spec's time.
  test.setTimeout(60_000);
  await openStudio(page, studio.url, 'tab=graph');
  const view = page.getByTestId('graph-view');
  await expect(page.getByTestId('graph-summary')).toContainText('50 of 50 branches');
  // Lanes that fit beside the labels: nothing scrolls across, no dot is pinned at an edge (graph-wide.spec.ts has those).
  await expect(view.locator('.graph-row').first()).toBeVisible();
  await expect(view).not.toHaveClass(/is-wide/);
  await expect(view.locator('.row-pin-dot:visible')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('graph-50-branches.png') });

  // The side column's minimap marks the part on screen; a click near its bottom shows the oldest rows.
  await expect(page.getByTestId('minimap-viewport')).toBeVisible();
  const minimap = page.getByTestId('graph-minimap');
  const box = (await minimap.boundingBox())!;
  await minimap.click({ position: { x: box.width / 2, y: box.height - 2 } });
  await expect(view.locator('.graph-row[data-node="main^"]')).toBeInViewport();

  const seen = await namesByScrolling(page);
  expect([...tree.names].filter((n) => !seen.has(n))).toEqual([]);

  // Focus a branch forked from another branch: its ancestry and descendants stay bright, the rest dims.
  const child = tree.names.find((n) => n !== 'main' && tree.writer.state.branches.get(n)!.metadata.createdFrom !== 'main')!;
  const parent = tree.writer.state.branches.get(child)!.metadata.createdFrom;
  const stranger = tree.names.find((n) => n !== 'main' && n !== child && n !== parent && tree.writer.state.branches.get(n)!.metadata.createdFrom === 'main')!;
  const list = page.getByRole('region', { name: 'Branch list' });
  await list.locator(`[data-branch="${child}"]`).click();
  await expect(rowsOf(view, child).first()).toBeVisible();
  await expect(view.locator('.graph-row.is-cursor')).toHaveAttribute('data-branch', child);
  await expect(rowsOf(view, child).first()).not.toHaveClass(/is-dim/);
  await page.screenshot({ path: testInfo.outputPath('graph-50-branches-focus.png') });
  await expect(view.locator('.graph-row.is-dim').first()).toBeVisible();
  // The keys move the cursor row by row (j as ↓), and the focus goes with it.
  const at = Number((await view.locator('.graph-row.is-cursor').getAttribute('id'))!.replace('graph-row-', ''));
  await page.keyboard.press('j');
  await expect(view.locator('.graph-row.is-cursor')).toHaveAttribute('id', `graph-row-${at + 1}`);
  await page.keyboard.press('ArrowUp');
  await expect(view.locator('.graph-row.is-cursor')).toHaveAttribute('id', `graph-row-${at}`);
  // Focus from the graph: the list follows (and scrolls to it).
  const last = tree.names.at(-1)!;
  const lastRow = await findRows(page, last);
  await lastRow.first().click();
  await expect(list.locator(`[data-branch="${last}"]`)).toHaveAttribute('aria-current', 'true');
  await expect(list.locator(`[data-branch="${last}"]`)).toBeInViewport();
  // Hovering a branch's chip shows its purpose, status and counts.
  await lastRow.first().locator('.branch-chip').hover();
  await expect(page.getByTestId('lane-card')).toContainText(tree.writer.state.branches.get(last)!.metadata.purpose);
  await expect(page.getByTestId('lane-card')).toContainText('commit');
  await list.locator(`[data-branch="${child}"]`).click();
  const strangerRows = await findRows(page, stranger);
  await expect(strangerRows.first()).toHaveClass(/is-dim/);
  await page.keyboard.press('Escape');
  await expect(view.locator('.graph-row.is-dim')).toHaveCount(0);

  // Hide merged: each merged branch is one folded marker on the lane it came from, with no rows of its own.
  const merged = tree.merged[0]!;
  await page.getByLabel('Hide merged').check();
  await expect(page.getByTestId('graph-summary')).toContainText(`${tree.merged.length} folded`);
  await expect(page.getByTestId('graph-summary')).toContainText(`${50 - tree.merged.length} of 50 branches`);
  const folded = await findRows(page, merged);
  await expect(folded).toHaveCount(1);
  await expect(folded).toHaveAttribute('data-kind', 'folded');
  await page.getByLabel('Hide merged').uncheck();

  // A commit written now appears as a new row, at the top (newest first).
  const active = tree.names.find((n) => n !== 'main' && !tree.merged.includes(n))!;
  await view.evaluate((el) => (el.scrollTop = 0));
  const before = await page.getByTestId('graph-summary').textContent();
  tree.writer.commit(active, 'Live: a commit written while the graph is open');
  const row = view.locator('.graph-row', { hasText: 'Live: a commit written while the graph is open' });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-branch', active);
  await expect(row).toHaveClass(/is-fresh/);
  await expect(page.getByTestId('graph-summary')).not.toHaveText(before!);
});

test('a lane answers the pointer: its branch card on hover, the branch focused on a click', async ({ page, tree: { studio, tree } }) => {
  await openStudio(page, studio.url, 'tab=graph');
  const view = page.getByTestId('graph-view');
  await expect(view.locator('.graph-row').first()).toBeVisible();
  // A point on a branch's lane, on screen: half a row from one of its dots toward the one before (no dot is there).
  const at = await page.evaluate(() => {
    const screen = document.querySelector('[data-testid="graph-view"]')!.getBoundingClientRect();
    const dots = [...document.querySelectorAll<SVGCircleElement>('[data-testid="branch-graph"] circle.node-commit[data-id]')];
    const centre = (c: Element) => {
      const b = c.getBoundingClientRect();
      return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
    };
    for (const dot of dots) {
      const [branch, index] = dot.dataset.id!.split('@') as [string, string];
      const before = document.querySelector(`[data-testid="branch-graph"] circle[data-id="${branch}@${Number(index) - 1}"]`);
      if (branch === 'main' || !before) continue;
      const [a, b] = [centre(dot), centre(before)];
      if (a.y < screen.top + 30 || a.y > screen.bottom - 30) continue;
      return { branch, x: a.x, y: a.y + Math.sign(b.y - a.y) * 14 };
    }
    return null;
  });
  expect(at).not.toBeNull();
  await page.mouse.move(at!.x, at!.y);
  await expect(page.getByTestId('lane-card')).toContainText(tree.writer.state.branches.get(at!.branch)!.metadata.purpose);
  // Off the lanes, onto the row's text: the card goes.
  await page.mouse.move(at!.x + 400, at!.y);
  await expect(page.getByTestId('lane-card')).toHaveCount(0);
  await page.mouse.click(at!.x, at!.y);
  await expect(view.locator('.graph-row.is-cursor')).toHaveAttribute('data-branch', at!.branch);
});

/** Scrolls until a row of `branch` is rendered and returns its rows. */
async function findRows(page: Page, branch: string): Promise<Locator> {
  const scroller = page.getByTestId('graph-view');
  const rows = rowsOf(scroller, branch);
  await scrollGraph(scroller, 0);
  for (let i = 0; i < 200 && (await rows.count()) === 0; i++) {
    if (await scrollGraph(scroller, null)) break;
  }
  return rows;
}
