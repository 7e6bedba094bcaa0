// A draft typed into a commit's or a step's editor while another program rewrites its file in place (truncate, then
// write, as fs.writeFileSync does): the text is never lost, the editor says what happened, and the draft still saves.
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parseCommits } from '../shared/gcc/read/commits.ts';
import { editCommits } from '../shared/gcc/write/edit-records.ts';
import { commitVersion } from '../shared/gcc/write/edit-version.ts';
import { expect, openStudio, stepCards, test } from './fixtures.ts';

const commitCard = (page: Page, id: string) => page.getByTestId('commit-card').filter({ has: page.getByRole('button', { name: `Select commit ${id}` }) });

/** commit.md with the contribution of commit #2 (a9fb4e15) rewritten, as another program would. */
function rewrittenSecond(bytes: Uint8Array, text: string): Uint8Array {
  const file = { file: 'branches/main/commit.md', branch: 'main' };
  const commits = parseCommits(bytes, file).commits;
  const edited = editCommits(bytes, { ...file, dialect: 'python' }, [{ index: 1, version: commitVersion(commits[1]!), fields: { thisCommitContribution: text } }]);
  if (!edited.ok) throw new Error(edited.message);
  return edited.bytes;
}

test('a draft outlives commit.md rewritten in place: kept through rewrites, a removal and a change, then saved', async ({ page, studio }) => {
  const commitFile = join(studio.gcc, 'branches/main/commit.md');
  const original = readFileSync(commitFile);
  await openStudio(page, studio.url);
  await page.getByRole('tab', { name: /Commits/ }).click();
  const card = commitCard(page, 'a9fb4e15');
  await card.getByRole('button', { name: "Edit this commit's contribution of commit a9fb4e15" }).click();
  const box = card.getByTestId('editor').getByRole('textbox');
  await box.fill('My draft');

  // Rewritten whole, again and again, while the user types on.
  let typed = 'My draft';
  for (let i = 1; i <= 5; i++) {
    writeFileSync(commitFile, original);
    await box.pressSequentially(` ${i}`);
    typed += ` ${i}`;
  }
  await expect(box).toHaveValue(typed);

  // Cut short and left so: the record is gone from disk, the draft stays open on its own and takes more typing.
  const fd = openSync(commitFile, 'w');
  const detached = page.getByTestId('detached-draft');
  await expect(detached.getByTestId('edit-notice')).toHaveText(/was removed from disk while you edited; your text is kept/);
  await expect(card).toHaveCount(0);
  const detachedBox = detached.getByRole('textbox');
  await expect(detachedBox).toHaveValue(typed);
  await detachedBox.pressSequentially(' (typed while it was gone)');
  typed += ' (typed while it was gone)';
  // A save now is refused by the edit route, with its reason; the draft stays.
  await detached.getByRole('button', { name: 'Save' }).click();
  await expect(detached.getByRole('alert')).toContainText('has no commit #2');
  await expect(detachedBox).toHaveValue(typed);
  // Back as it was: its card takes the draft again, as typed, with nothing to say.
  writeSync(fd, original);
  closeSync(fd);
  await expect(detached).toHaveCount(0);
  await expect(box).toHaveValue(typed);
  await expect(card.getByTestId('edit-notice')).toHaveCount(0);

  // The record itself rewritten in place: the editor says so, keeps the text, and the save is refused with the disk's
  // text beside the draft, to reconcile.
  writeFileSync(commitFile, rewrittenSecond(original, 'Rewritten by **another program**.'));
  await expect(card.getByTestId('edit-notice')).toHaveText(/changed on disk while you edited; your text is kept/);
  await expect(box).toHaveValue(typed);
  await card.getByRole('button', { name: 'Save' }).click();
  const conflict = card.getByTestId('edit-conflict');
  await expect(conflict.getByTestId('conflict-disk')).toContainText('Rewritten by another program.');
  await expect(conflict.getByRole('textbox')).toHaveValue(typed);
  await conflict.getByRole('button', { name: 'Save my draft' }).click();
  await expect(card.getByTestId('editor')).toHaveCount(0);
  await expect(card).toContainText(typed);
  expect(readFileSync(commitFile, 'utf8')).toContain(`**This Commit's Contribution:** ${typed}\n\n---\n`);
});

test('a step draft outlives log.md cut short and written again', async ({ page, studio }) => {
  const logFile = join(studio.gcc, 'branches/main/log.md');
  const original = readFileSync(logFile);
  await openStudio(page, studio.url);
  const step = stepCards(page, '').last();
  await step.hover();
  await step.getByRole('button', { name: /^Edit the thought of step/ }).click();
  await step.getByRole('textbox').fill('A thought typed by hand');

  const fd = openSync(logFile, 'w');
  const detached = page.getByTestId('detached-draft');
  await expect(detached.getByTestId('edit-notice')).toHaveText(/was removed from disk while you edited; your text is kept/);
  await expect(detached.getByRole('textbox')).toHaveValue('A thought typed by hand');
  writeSync(fd, original);
  closeSync(fd);
  await expect(detached).toHaveCount(0);
  const editor = page.getByTestId('step-card').getByTestId('editor');
  await expect(editor.getByRole('textbox')).toHaveValue('A thought typed by hand');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  expect(readFileSync(logFile, 'utf8')).toContain('**Thought:** A thought typed by hand\n\n');
});
