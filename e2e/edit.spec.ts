// Hand edits in the browser: edit a contribution (the next commit's summary follows), see it live in another tab,
// undo it; a conflict when the file changes underneath, reconciled beside the draft; a step and a branch status.
// Contexa's real Python reads each edit back (its summary() equals `gcc-studio context`) and its real writer goes on
// writing on the edited files.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parseCommits } from '../shared/gcc/read/commits.ts';
import { editCommits } from '../shared/gcc/write/edit-records.ts';
import { commitVersion } from '../shared/gcc/write/edit-version.ts';
import { runRealPython } from '../server/test-support/real-contexa.ts';
import { expect, openStudio, stepCards, test } from './fixtures.ts';
import { REPO } from './helpers/studio.ts';

/** The real Python Contexa's summary() of the folder, and `gcc-studio context` of it: they must be the same bytes. */
async function expectSameContext(dir: string, branch: string, k: number): Promise<string> {
  const real = runRealPython(dir, [{ op: 'load' }], [[branch, k]]).contexts[`${branch}@${k}`]!;
  if (!('bytes' in real)) throw new Error(real.error);
  const args = [join(REPO, 'bin', 'gcc-studio.js'), 'context', dir, '--branch', branch, '--k', String(k), '--dialect', 'python'];
  const ours = (await promisify(execFile)(process.execPath, args, { encoding: 'buffer' })).stdout;
  expect(ours.toString('utf8')).toBe(real.bytes.toString('utf8'));
  return real.bytes.toString('utf8');
}

const commitCard = (page: Page, id: string) => page.getByTestId('commit-card').filter({ has: page.getByRole('button', { name: `Select commit ${id}` }) });

async function openCommits(page: Page, url: string) {
  await openStudio(page, url);
  await page.getByRole('tab', { name: /Commits/ }).click();
  await expect(page.getByTestId('commit-list')).toBeVisible();
}

test('edit a contribution with preview, carry it into the next summary, see it live in another tab, undo it', async ({ page, studio }) => {
  // Two live tabs on two cores: each action waits for both pages to settle.
  test.slow();
  const commitFile = join(studio.gcc, 'branches/main/commit.md');
  const original = readFileSync(commitFile);
  const other = await page.context().newPage();
  await openCommits(page, studio.url);
  await openCommits(other, studio.url);

  const card = commitCard(page, 'c4a0a7ed');
  await card.getByRole('button', { name: "Edit this commit's contribution of commit c4a0a7ed" }).click();
  const editor = card.getByTestId('editor');
  await editor.getByRole('textbox').fill('Scaffolded the Express app with `GET /health` (returns **204**, not 200).');
  await editor.getByRole('tab', { name: 'Preview' }).click();
  await expect(editor.getByTestId('edit-preview').locator('strong')).toHaveText('204');
  // The next commit's Previous Progress Summary was this contribution: carried along by default.
  await expect(editor.getByRole('checkbox')).toBeChecked();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  await expect(card).toContainText('returns 204, not 200');
  await expect(card.getByTestId('edited-mark')).toContainText('edited');
  await expect(commitCard(page, 'a9fb4e15')).toContainText('returns 204, not 200');
  // The other tab: live, no reload.
  await expect(commitCard(other, 'c4a0a7ed')).toContainText('returns 204, not 200');
  await expect(commitCard(other, 'c4a0a7ed').getByTestId('edited-mark')).toBeVisible();
  const onDisk = readFileSync(commitFile, 'utf8');
  expect(onDisk).toContain("**This Commit's Contribution:** Scaffolded the Express app with `GET /health` (returns **204**, not 200).\n\n---\n");
  expect(onDisk).toContain('**Previous Progress Summary:** Scaffolded the Express app with `GET /health` (returns **204**, not 200).\n\n');
  // Contexa reads the edit back as written, and its writer carries on on the edited files.
  expect(await expectSameContext(studio.dir, 'main', 3)).toContain('(returns **204**, not 200)');
  await studio.python().commit('main', 'A commit by the real writer after the edit');
  await expect(page.getByRole('tab', { name: /Commits/ }).locator('.count')).toHaveText('4');
  await expect(page.getByTestId('commit-card').filter({ hasText: 'A commit by the real writer after the edit' })).toHaveCount(1);

  await card.getByRole('button', { name: 'Undo' }).click();
  await expect(card).toContainText('returning 200 OK');
  await expect(commitCard(other, 'a9fb4e15')).toContainText('returning 200 OK');
  await expect(card.getByTestId('edited-mark')).toHaveCount(0);
  // The undo restored the record's bytes; the real writer's commit after it stays.
  expect(readFileSync(commitFile, 'utf8').startsWith(original.toString('utf8'))).toBe(true);
  expect(readFileSync(commitFile, 'utf8')).toContain('A commit by the real writer after the edit');
  await expectSameContext(studio.dir, 'main', 4);
});

test('a record rewritten on disk while editing: the page shows the disk text beside the draft and saves the reconciled one', async ({ page, studio }) => {
  const commitFile = join(studio.gcc, 'branches/main/commit.md');
  await openCommits(page, studio.url);
  const card = commitCard(page, 'a9fb4e15');
  await card.getByRole('button', { name: "Edit this commit's contribution of commit a9fb4e15" }).click();
  const editor = card.getByTestId('editor');
  await editor.getByRole('textbox').fill('CRUD for /todos; 12/12 green (my draft).');

  // Meanwhile someone else rewrites that very record.
  const bytes = new Uint8Array(readFileSync(commitFile));
  const commits = parseCommits(bytes, { file: 'branches/main/commit.md', branch: 'main' }).commits;
  const theirs = editCommits(bytes, { file: 'branches/main/commit.md', branch: 'main', dialect: 'python' }, [
    { index: 1, version: commitVersion(commits[1]!), fields: { thisCommitContribution: 'CRUD for /todos, rewritten in **another tab**.' } },
  ]);
  if (!theirs.ok) throw new Error(theirs.message);
  // In place, truncate then write, as fs.writeFileSync does: the empty moment between is never shown as no commits.
  writeFileSync(commitFile, theirs.bytes);

  await editor.getByRole('button', { name: 'Save' }).click();
  const conflict = editor.getByTestId('edit-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('conflict-disk')).toContainText('rewritten in another tab');
  await expect(conflict.getByRole('textbox')).toHaveValue('CRUD for /todos; 12/12 green (my draft).');
  await conflict.getByRole('textbox').fill('CRUD for /todos; 12/12 green (reconciled with the other tab).');
  await conflict.getByRole('button', { name: 'Save my draft' }).click();
  await expect(editor).toBeHidden();
  await expect(card).toContainText('reconciled with the other tab');
  expect(readFileSync(commitFile, 'utf8')).toContain("**This Commit's Contribution:** CRUD for /todos; 12/12 green (reconciled with the other tab).\n\n---\n");
});

test('edit a step field in the log and mark a branch abandoned', async ({ page, studio }) => {
  await openStudio(page, studio.url);
  const step = stepCards(page, '').last();
  await step.hover();
  const edit = step.getByRole('button', { name: /^Edit the thought of step/ });
  await edit.click();
  await step.getByRole('textbox').fill('Re-thought by hand.');
  await step.getByRole('button', { name: 'Save' }).click();
  await expect(step.getByTestId('editor')).toBeHidden();
  await expect(step).toContainText('Re-thought by hand.');
  await expect(step.getByTestId('edited-mark')).toBeVisible();
  expect(readFileSync(join(studio.gcc, 'branches/main/log.md'), 'utf8')).toContain('**Thought:** Re-thought by hand.\n\n');
  // The real writer numbers its next step by what its reader reads of the edited log, and the page shows it live.
  expect(await studio.python().logStep('main', { observation: 'After the hand edit', thought: 't', action: 'a' })).toBe(10);
  await expect(stepCards(page, 'After the hand edit')).toContainText('Step 10');
  expect(await expectSameContext(studio.dir, 'main', 1)).toContain('Re-thought by hand.');

  await page.getByRole('region', { name: 'Branch list' }).locator('[data-branch="auth-session"]').click();
  await expect(page.getByTestId('branch-header').locator('h1')).toHaveText('auth-session');
  await page.getByTestId('branch-status-menu').click();
  await page.getByRole('menuitem', { name: 'Mark abandoned…' }).click();
  await page.getByTestId('abandon-confirm').click();
  await expect(page.getByTestId('branch-status')).toHaveText('abandoned');
  expect(readFileSync(join(studio.gcc, 'branches/auth-session/metadata.yaml'), 'utf8')).toContain('status: abandoned\n');
});
