// Compare & merge from the browser, as a user meets it: the pair a user can merge offered first, what will happen kept
// in view while the detail scrolls, the byte sections folded, a confirmation that names every file, the merge, its
// undo (the bytes back exactly, checked on disk), and an undo refused with its reason once Contexa's real Python
// writer has appended after the merge; axe-core and screenshots of each state in both themes, and no console error.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openStudio, test } from './fixtures.ts';
import { expectAccessible } from './helpers/axe.ts';
import { watchConsole } from './helpers/console-watch.ts';
import { saveScreen, THEMES, useTheme } from './helpers/screens.ts';
import { CORPUS, startStudio } from './helpers/studio.ts';

const FILES = ['branches/main/log.md', 'branches/main/commit.md', 'main.md', 'branches/auth-session/metadata.yaml'];

/** The compare tab: the centre column (the side columns are other specs' to check). */
const onDisk = (gcc: string) => FILES.map((f) => readFileSync(join(gcc, f)).toString('hex'));

async function lookInBothThemes(page: Page, view: string): Promise<void> {
  // A preview being fetched again after the last event is shown dimmed (opacity 0.55: text below 4.5:1 on purpose): it
  // is judged once it has settled, and judged again when a later event dimmed it while axe looked (a file that shrank
  // is read 150 ms after the rest). A violation of the settled preview fails every try.
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expect(async () => {
      await expect(page.locator('.merge-writes.is-stale')).toHaveCount(0);
      await expectAccessible(page, `${view} (${theme})`);
    }).toPass({ timeout: 15_000 });
    await saveScreen(page, view, theme);
  }
}

test('merge with a confirmation, undo it byte for byte, and see the undo refused after the writer appends', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const watch = watchConsole(page);
  // On main: the pair offered is the active, unmerged auth-session into main, not the merged auth-jwt.
  await openStudio(page, studio.url, 'branch=main&tab=compare');
  const bar = page.getByTestId('merge-bar');
  await expect(bar.getByTestId('compare-head-select')).toHaveValue('auth-session');
  await expect(bar.getByTestId('compare-base-select')).toHaveValue('main');
  await expect(bar.getByTestId('merge-bar-ahead')).toHaveText('1 commit and 2 steps ahead');
  await expect(bar.getByTestId('merge-bar-files')).toHaveText('writes main/log.md, main/commit.md, main.md, auth-session/metadata.yaml');
  const mergeButton = bar.getByTestId('merge-button');
  await expect(mergeButton).toHaveText('Merge auth-session into main…');
  await expect(mergeButton).toBeEnabled();

  // The detail: the warnings and both sides, then the byte sections, folded until opened.
  const view = page.getByTestId('compare-view');
  await expect(view.getByTestId('compare-warnings').locator('[data-code="step-number-collision"]')).toContainText("steps 1–2 of auth-session will appear in main's log");
  await expect(view.getByTestId('compare-head-last-commit')).toContainText('Benchmarked Redis-backed sessions against JWT');
  const writes = view.getByTestId('merge-write');
  await expect(writes).toHaveCount(4);
  for (const w of await writes.all()) await expect(w).not.toHaveAttribute('open');
  await expect(view.getByTestId('merge-bytes-log')).toBeHidden();
  await lookInBothThemes(page, 'compare');

  // The bar stays in view at the bottom of the detail.
  await view.getByTestId('merge-preview').scrollIntoViewIfNeeded();
  await expect(mergeButton).toBeInViewport();
  await writes.filter({ hasText: 'branches/main/log.md' }).locator('summary').click();
  await expect(view.getByTestId('merge-bytes-log')).toContainText('## Merged from `auth-session` (');
  const summary = 'Sessions stay as the measured baseline; JWT remains the default.';
  await view.getByTestId('merge-summary').fill(summary);
  await writes.filter({ hasText: 'branches/main/commit.md' }).locator('summary').click();
  await expect(view.getByTestId('merge-bytes-commit')).toContainText(`**This Commit's Contribution:** ${summary}`);
  await expect(mergeButton).toBeEnabled();
  // The preview of the typed summary has come back (a stale one is drawn faded, which axe would judge).
  await expect(view.locator('.merge-writes')).not.toHaveClass(/is-stale/);
  await lookInBothThemes(page, 'compare-detail');

  // Merge asks first: a modal named by its heading, naming the pair and every file; Esc cancels and writes nothing.
  const before = onDisk(studio.gcc);
  const header = page.getByTestId('branch-header');
  const headerBefore = (await header.textContent()) ?? '';
  await mergeButton.click();
  const dialog = page.getByRole('dialog', { name: 'Merge auth-session into main?' });
  await expect(dialog).toBeVisible();
  for (const f of FILES) await expect(dialog.getByTestId('merge-dialog-files')).toContainText(`.GCC/${f}`);
  await expect(dialog).toContainText(summary);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Focus stays inside: Tab and Shift+Tab walk its controls round, never the page behind or the browser's own.
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== d)).toBe(true);
  }
  await lookInBothThemes(page, 'compare-merge-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(onDisk(studio.gcc)).toEqual(before);

  await mergeButton.click();
  await dialog.getByTestId('merge-confirm').click();
  const result = view.getByTestId('merge-result');
  await expect(result).toContainText('Merged auth-session into main: commit');
  // Merged from far down the detail: the result is brought into view at the top.
  await expect(result).toBeInViewport();
  // The pair is merged now: the bar says so, offers the undo, and no longer offers to merge.
  await expect(bar.getByTestId('merge-bar-merged')).toContainText('Merged into main');
  await expect(bar.getByTestId('merge-button')).toHaveCount(0);
  await expect(bar.getByTestId('merge-undo')).toBeEnabled();
  await expect(result.getByTestId('merge-result-undo')).toBeVisible();
  const commits = readFileSync(join(studio.gcc, 'branches/main/commit.md'), 'utf8');
  expect(commits.trimEnd().endsWith(`**This Commit's Contribution:** ${summary}\n\n---`)).toBe(true);
  expect(readFileSync(join(studio.gcc, 'branches/auth-session/metadata.yaml'), 'utf8')).toMatch(/^merged_into: main$/m);
  await lookInBothThemes(page, 'compare-merged');

  // Undo: every file as it was before the merge, byte for byte; the pair can be merged again.
  await result.getByTestId('merge-result-undo').click();
  await expect(view.getByTestId('merge-undone')).toContainText('Undid the merge of auth-session into main: 4 files are back as they were');
  await expect.poll(() => onDisk(studio.gcc)).toEqual(before);
  await expect(bar.getByTestId('merge-button')).toBeEnabled();
  // main's log and commits, shorter again, reach the page last (a file that shrank is read once it has settled): its
  // counts back as they were say the page has every change, and the preview is judged once it was fetched after them.
  await expect(header).toHaveText(headerBefore);
  await lookInBothThemes(page, 'compare-undone');

  // Merge again; Contexa's real Python writer logs a step on main: the undo is refused, with the reason, and
  // nothing changes.
  await bar.getByTestId('merge-button').click();
  await dialog.getByTestId('merge-confirm').click();
  await expect(bar.getByTestId('merge-undo')).toBeEnabled();
  await studio.python().logStep('main', { observation: 'Appended after the merge', thought: 't', action: 'a' });
  await expect(bar.getByTestId('merge-undo-refused')).toContainText(/Undo is no longer possible: \d+ bytes were written to branches\/main\/log\.md after the merge/);
  await expect(bar.getByTestId('merge-undo')).toBeDisabled();
  const afterAppend = onDisk(studio.gcc);
  // The server refuses it too, with the same reason (asked directly, as a page that missed the append would).
  const headers = { authorization: `Bearer ${studio.token}`, origin: studio.origin };
  const history = (await (await page.request.get(`${studio.origin}/api/merge/history?branch=auth-session`, { headers })).json()) as { entries: { id: string; undoneAt?: string }[] };
  const standing = history.entries.find((e) => !e.undoneAt)!;
  const res = await page.request.post(`${studio.origin}/api/merge/${standing.id}/undo`, { headers: { ...headers, 'content-type': 'application/json' }, data: '{}' });
  const refused = { status: res.status(), error: ((await res.json()) as { error: string }).error };
  expect(refused.status).toBe(409);
  expect(refused.error).toMatch(/can no longer be undone: \d+ bytes were written to branches\/main\/log\.md after the merge.*Nothing was changed/);
  expect(onDisk(studio.gcc)).toEqual(afterAppend);
  await lookInBothThemes(page, 'compare-undo-refused');

  // The graph draws the branch as merged, its merge landing on main.
  await page.getByRole('tab', { name: 'Graph' }).click();
  const graph = page.getByTestId('branch-graph');
  await expect(graph.locator('circle[data-id="auth-session@0"]')).toHaveClass(/status-merged/);
  await expect(graph.locator('path[data-id="auth-session|merge"]')).toHaveCount(1);
  expect(watch.problems()).toEqual([]);
});

test('a merged branch is shown merged, not offered again; a base picked is kept in the URL', async ({ page, studio }) => {
  const watch = watchConsole(page);
  await openStudio(page, studio.url, 'branch=auth-jwt&tab=compare');
  const bar = page.getByTestId('merge-bar');
  await expect(bar.getByTestId('compare-base-select')).toHaveValue('main');
  await expect(bar.getByTestId('merge-bar-merged')).toContainText('Merged into main');
  await expect(bar.getByTestId('merge-bar-merged')).toContainText('Its writer merged it, not gcc-studio here');
  await expect(bar.getByTestId('merge-button')).toHaveCount(0);
  await expect(page.getByTestId('merge-preview')).toHaveCount(0);

  await page.goto(new URL('?branch=auth-session&tab=compare', studio.url).toString());
  await expect(bar.getByTestId('compare-base-select')).toHaveValue('main');
  await bar.getByTestId('compare-base-select').selectOption('auth-jwt');
  await expect(page).toHaveURL(/[?&]base=auth-jwt(&|$)/);
  await expect(page.getByTestId('compare-base-last-commit')).toContainText('Refresh-token rotation');
  await page.reload();
  await expect(bar.getByTestId('compare-base-select')).toHaveValue('auth-jwt');
  expect(watch.problems()).toEqual([]);
});

test("a Python main and a TypeScript branch: the preview says the merge rewrites the branch's metadata.yaml in Python's YAML style", async ({ page }) => {
  const studio = await startStudio((dir) => cpSync(join(CORPUS, 'mixed-py-ts', '.GCC'), join(dir, '.GCC'), { recursive: true }));
  try {
    const watch = watchConsole(page);
    await openStudio(page, studio.url, 'branch=main&tab=compare');
    await expect(page.getByTestId('compare-head-select')).toHaveValue('auth-session');
    const words = "metadata.yaml was written by Contexa TypeScript; Contexa Python's merge rewrites the whole file in its own YAML style";
    await expect(page.getByTestId('merge-notes')).toContainText(words);
    await page.getByTestId('merge-button').click();
    const dialog = page.getByRole('dialog', { name: 'Merge auth-session into main?' });
    await expect(dialog).toContainText(words);
    await lookInBothThemes(page, 'compare-mixed-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(watch.problems()).toEqual([]);
  } finally {
    await studio.stop();
  }
});
