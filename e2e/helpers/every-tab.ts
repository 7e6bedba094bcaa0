// Every tab of a workspace's page opened once, each waited for until it has drawn what it holds: the walk a check of
// the console, or of the requests the page makes, needs to see every view's first requests answered.
import { expect, type Page } from '@playwright/test';

/** The routes that serve gcc-studio's own records of edits and merges: a git ref is never asked them. */
export const STUDIO_RECORD_ROUTES = /^\/api\/(edits|merge)(\/|$)/;

export async function openEveryTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: /^OTA log/ }).click();
  await expect(page.getByTestId('step-card').first()).toBeVisible();
  await page.getByRole('tab', { name: /^Commits/ }).click();
  await expect(page.getByTestId('commit-card').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Compare & merge' }).click();
  await expect(page.getByTestId('merge-bar-state')).toBeVisible();
  await expect(page.getByTestId('compare-head')).toBeVisible();
  await page.getByRole('tab', { name: 'Graph' }).click();
  await expect(page.getByTestId('graph-summary')).toBeVisible();
  await page.getByRole('tab', { name: 'Context' }).click();
  await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
  await page.getByRole('tab', { name: 'Roadmap' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Roadmap' })).toBeVisible();
  await page.getByRole('tab', { name: /^Diagnostics/ }).click();
  await expect(page.getByRole('tabpanel', { name: /^Diagnostics/ })).toBeVisible();
  await page.getByRole('tab', { name: /^OTA log/ }).click();
  await expect(page.getByTestId('step-card').first()).toBeVisible();
}
