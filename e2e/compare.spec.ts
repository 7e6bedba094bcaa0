// The compare view and a merge from the browser: warnings read as text, the preview's bytes, a custom summary,
// the Merge button, and the graph redrawing the branch as merged from the live stream.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openStudio, test } from './fixtures.ts';

test('compare auth-session with main, merge it with a custom summary, and see it drawn as merged', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=auth-session&tab=compare&base=main');
  const view = page.getByTestId('compare-view');
  await expect(page.getByRole('tab', { name: 'Compare & merge' })).toHaveAttribute('aria-selected', 'true');

  // Warnings, with their reasons.
  const warnings = view.getByTestId('compare-warnings');
  await expect(warnings.locator('[data-code="step-number-collision"]')).toContainText("steps 1–2 of auth-session will appear in main's log");
  await expect(warnings.locator('[data-code="already-merged"]')).toHaveCount(0);

  // The two states a merge joins, and what the head has that the base has not.
  await expect(view.getByTestId('compare-base-last-commit')).toContainText('Merged branch auth-jwt (2 commits)');
  await expect(view.getByTestId('compare-head-last-commit')).toContainText('Benchmarked Redis-backed sessions against JWT');
  await expect(view.getByTestId('compare-commits-ahead').locator('li')).toHaveCount(1);
  await expect(view.getByTestId('compare-steps').locator('li')).toHaveCount(2);

  // Word diffs, in both layouts.
  const contribution = view.getByTestId('field-diff-thisCommitContribution');
  await expect(contribution.locator('ins').first()).toBeVisible();
  await view.getByRole('button', { name: 'Side by side' }).click();
  await expect(contribution.locator('.text-diff')).toHaveAttribute('data-mode', 'split');
  await expect(contribution.getByRole('columnheader')).toHaveText(['main', 'auth-session']);

  // The preview: Python's bytes, the automatic summary until the user writes one.
  const preview = view.getByTestId('merge-preview');
  await expect(preview).toContainText('as Contexa Python writes it');
  await expect(preview.getByTestId('merge-bytes-log')).toContainText('## Merged from `auth-session` (');
  await expect(preview.getByTestId('merge-bytes-commit')).toContainText("**This Commit's Contribution:** Merged branch `auth-session` (1 commits). Contributions: Benchmarked");
  await expect(preview.getByTestId('metadata-diff').locator('ins')).toContainText(['merged']);

  const summary = 'Sessions stay as the measured baseline; JWT remains the default.';
  await preview.getByTestId('merge-summary').fill(summary);
  await expect(preview.getByTestId('merge-bytes-commit')).toContainText(`**This Commit's Contribution:** ${summary}`);
  await expect(preview.getByTestId('roadmap-diff').locator('ins').last()).toContainText(`Merged \`auth-session\`: ${summary}`);

  await preview.getByTestId('merge-button').click();
  await expect(preview.getByTestId('merge-result')).toContainText('Merged auth-session into main');

  // The live stream: the view now says it is merged and refuses a second merge.
  await expect(page.getByTestId('branch-status')).toHaveText('merged');
  await expect(warnings.locator('[data-code="already-merged"]')).toContainText('already merged into main');
  await expect(preview.getByTestId('merge-blockers')).toContainText('already merged');
  await expect(preview.getByTestId('merge-button')).toBeDisabled();

  // On disk: the merge commit with the user's summary, as the last record of main's commit.md.
  const commits = readFileSync(join(studio.gcc, 'branches/main/commit.md'), 'utf8');
  expect(commits.trimEnd().endsWith(`**This Commit's Contribution:** ${summary}\n\n---`)).toBe(true);
  expect(readFileSync(join(studio.gcc, 'branches/auth-session/metadata.yaml'), 'utf8')).toMatch(/^merged_into: main$/m);

  // The graph draws the branch as merged, its merge landing on main.
  await page.getByRole('tab', { name: 'Graph' }).click();
  const graph = page.getByTestId('branch-graph');
  await expect(graph.locator('circle[data-id="auth-session@0"]')).toHaveClass(/status-merged/);
  await expect(graph.locator('path[data-id="auth-session|merge"]')).toHaveCount(1);
});

test('the base defaults to the branch the head was created from, and a deep link picks another', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=auth-session&tab=compare');
  await expect(page.getByTestId('compare-base-select')).toHaveValue('main');
  await page.getByTestId('compare-base-select').selectOption('auth-jwt');
  await expect(page).toHaveURL(/[?&]base=auth-jwt(&|$)/);
  await expect(page.getByTestId('compare-base-last-commit')).toContainText('Refresh-token rotation');
  await page.reload();
  await expect(page.getByTestId('compare-base-select')).toHaveValue('auth-jwt');
});
