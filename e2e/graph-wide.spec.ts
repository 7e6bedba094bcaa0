// The Graph tab on a workspace wider than the view (300 branches, some 200 alive at once, written by the
// Contexa-Python writer): every row on screen shows its branch, its dot and its text inside the view, readable (not
// under the lanes or anything else; axe-clean in both themes); picking a row whose dot is out of view, or a link to
// its branch, brings the lanes across to it.
import type { Locator } from '@playwright/test';
import { expect, openStudio, test as base } from './fixtures.ts';
import { expectAccessible } from './helpers/axe.ts';
import { writeBranchTree } from './helpers/branch-tree.ts';
import { startStudio, type Studio } from './helpers/studio.ts';

const test = base.extend<{ wide: Studio }>({
  wide: async ({}, use) => {
    const studio = await startStudio((dir) => void writeBranchTree(dir, 300));
    await use(studio);
    await studio.stop();
  },
});

interface RowReport {
  node: string;
  /** What is wrong with the row, if anything: empty when its branch, dot and text are all readable in view. */
  problems: string[];
}

/** Each row fully on screen, checked in the page: its chip, text and time inside the view and on top, and its dot. */
function readRows(scroller: Locator): Promise<RowReport[]> {
  return scroller.evaluate((el) => {
    const view = el.getBoundingClientRect();
    const inView = (b: DOMRect) => b.left >= view.left - 0.5 && b.right <= view.left + el.clientWidth + 0.5 && b.top >= view.top - 0.5 && b.bottom <= view.top + el.clientHeight + 0.5;
    // Readable: the element's middle is not covered by anything but itself (a lane, a pin, another row).
    const onTop = (e: Element) => {
      const b = e.getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + Math.min(b.width / 2, 12), b.top + b.height / 2);
      return hit !== null && (e === hit || e.contains(hit));
    };
    const rows = [...el.querySelectorAll<HTMLElement>('.graph-row')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= view.top && b.bottom <= view.top + el.clientHeight;
    });
    return rows.map((row) => {
      const problems: string[] = [];
      const label = row.querySelector('.row-label')!;
      for (const part of ['.branch-chip-name', '.row-text', '.row-time'] as const) {
        const e = row.querySelector(part);
        if (!e || !e.textContent?.trim()) problems.push(`${part}: empty`);
        else if (!inView(e.getBoundingClientRect())) problems.push(`${part}: outside the view`);
        else if (!onTop(e)) problems.push(`${part}: covered`);
        else if (parseFloat(getComputedStyle(e).fontSize) < 11) problems.push(`${part}: smaller than 11 px`);
      }
      // The dot: its own, in the lanes seen left of the labels, or its pin at their edge.
      const lanesRight = label.getBoundingClientRect().left;
      const dot = el.querySelector(`[data-testid="branch-graph"] [data-id="${CSS.escape(row.dataset.node!)}"]`);
      const pin = row.querySelector('.row-pin-dot')!;
      const seen = (e: Element | null) => {
        if (!e) return false;
        const b = e.getBoundingClientRect();
        return getComputedStyle(e).visibility === 'visible' && b.width > 0 && b.left >= view.left && b.right <= lanesRight + 0.5 && inView(b);
      };
      const own = seen(dot);
      const pinned = seen(pin);
      if (!own && !pinned) problems.push('dot: neither it nor its pin is in view');
      // The pin shows only where the dot does not.
      if (own && pinned) problems.push('dot: pinned while in view');
      return { node: row.dataset.node!, problems };
    });
  });
}

test('300 branches: every row on screen reads in view; a picked row brings its dot into view', async ({ page, wide }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openStudio(page, wide.url, 'tab=graph');
  const scroller = page.getByTestId('graph-view');
  await expect(page.getByTestId('graph-summary')).toContainText('300 of 300 branches');
  await expect(scroller.locator('.graph-row').first()).toBeVisible();

  // The lanes are wider than the view: the labels are pinned over them and the view scrolls across.
  await expect(scroller).toHaveClass(/is-wide/);
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth * 1.2)).toBe(true);

  const expectAllReadable = async () => {
    const rows = await readRows(scroller);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.problems.length > 0)).toEqual([]);
    return rows;
  };
  await expect.poll(async () => (await readRows(scroller)).filter((r) => r.problems.length > 0)).toEqual([]);
  await expectAllReadable();
  // Labels over lanes, pins at their edge: axe finds nothing serious in either theme, and the rows still read.
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `the wide graph (${colorScheme})`);
    await expectAllReadable();
  }

  // Half way down and scrolled across to the far right, the same holds.
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2;
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(async () => (await readRows(scroller)).filter((r) => r.problems.length > 0)).toEqual([]);

  // A row whose dot is pinned at an edge: picking it scrolls across until its own dot is in the lanes seen.
  const node = (await scroller.locator('.graph-row').filter({ has: page.locator('.row-pin-dot:visible') }).first().getAttribute('data-node'))!;
  const row = scroller.locator(`.graph-row[data-node="${node}"]`);
  const before = await scroller.evaluate((el) => el.scrollLeft);
  await row.locator('.row-text').click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).not.toBe(before);
  await expect.poll(async () => (await readRows(scroller)).find((r) => r.node === node)?.problems).toEqual([]);
  const dot = scroller.locator(`[data-testid="branch-graph"] [data-id="${node}"]`);
  await expect(dot).toBeInViewport();
  await expect(row.locator('.row-pin-dot')).toBeHidden();

  // The keys move the cursor; the dot of every row it lands on is brought into view.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('j');
    const at = scroller.locator('.graph-row[aria-selected="true"]');
    const id = (await at.getAttribute('data-node'))!;
    await expect(scroller.locator(`[data-testid="branch-graph"] [data-id="${id}"]`)).toBeInViewport();
  }
  await expectAllReadable();

  // A link to a branch whose dot is out of view opens the view across at its head's lane.
  await scroller.evaluate((el) => (el.scrollLeft = 0));
  const far = (await scroller.locator('.graph-row').filter({ has: page.locator('.row-pin-dot:visible') }).last().getAttribute('data-branch'))!;
  await openStudio(page, wide.url, `tab=graph&branch=${far}`);
  const head = scroller.locator(`.graph-row[data-branch="${far}"][aria-selected="true"]`);
  await expect(head).toBeInViewport();
  const headId = (await head.getAttribute('data-node'))!;
  await expect(scroller.locator(`[data-testid="branch-graph"] [data-id="${headId}"]`)).toBeInViewport();
  await expect(head.locator('.row-pin-dot')).toBeHidden();
  await expectAllReadable();
});
