// What the page says when a save cannot go as typed: a draft Contexa's readers would misread (warned before saving,
// each reader's reading shown, the safe form offered), a read-only file, a full disk; and the compare view's notice
// of a merge cut short by a crash, rolled back when the server started.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startCrashingServer } from '../server/test-support/crashing.ts';
import { CORPUS, startStudio } from './helpers/studio.ts';
import { expect, openStudio, test } from './fixtures.ts';

const commitCard = (page: Page, id: string) => page.getByTestId('commit-card').filter({ has: page.getByRole('button', { name: `Select commit ${id}` }) });

async function editContribution(page: Page, url: string, text: string) {
  await openStudio(page, url);
  await page.getByRole('tab', { name: /Commits/ }).click();
  const card = commitCard(page, 'c4a0a7ed');
  await card.getByRole('button', { name: "Edit this commit's contribution of commit c4a0a7ed" }).click();
  const editor = card.getByTestId('editor');
  await editor.getByRole('textbox').fill(text);
  return { card, editor };
}

test('a line Contexa reads as a commit header: warned before saving, each reader shown, saved in the safe form', async ({ page, studio }) => {
  const file = join(studio.gcc, 'branches/main/commit.md');
  const before = readFileSync(file, 'utf8');
  const { card, editor } = await editContribution(page, studio.url, 'Scaffolded the app.\n## Commit notes\n- health check first');
  const warning = editor.getByTestId('edit-misread');
  await expect(warning).toContainText('Contexa’s readers would misread this text');
  await expect(warning.locator('[data-reader="python"]')).toContainText('Python drops the commit');
  await expect(warning.locator('[data-reader="typescript"]')).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(readFileSync(file, 'utf8')).toBe(before);

  await warning.getByTestId('use-safe-form').click();
  await expect(editor.getByRole('textbox')).toHaveValue('Scaffolded the app.\n\\## Commit notes\n- health check first');
  await expect(editor.getByTestId('edit-misread')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(card).toContainText('## Commit notes');
  expect(readFileSync(file, 'utf8')).toContain("**This Commit's Contribution:** Scaffolded the app.\n\\## Commit notes\n- health check first\n\n---\n");
});

test('a read-only commit.md: the save is refused and the page says why; nothing changes on disk', async ({ page, studio }) => {
  const file = join(studio.gcc, 'branches/main/commit.md');
  chmodSync(file, 0o444);
  const before = readFileSync(file);
  const { editor } = await editContribution(page, studio.url, 'Changed while read-only.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toContainText('branches/main/commit.md is read-only (mode 0444)');
  await expect(editor.getByRole('alert')).toContainText('nothing was changed');
  expect(readFileSync(file).equals(before)).toBe(true);
});

test('a full disk: the save is refused with a clear error and nothing changes on disk', async ({ page }) => {
  // A real small file system; CI machines that may not mount are covered by the unit tests' fault seam instead.
  const mount = mkdtempSync(join(tmpdir(), 'gcc-e2e-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount], { stdio: 'ignore' });
  } catch {
    rmSync(mount, { recursive: true, force: true });
    test.skip(true, 'this machine does not allow mounting a tmpfs');
  }
  // The whole project on the small disk: startStudio makes its folder in the system's temp folder.
  const tmp = process.env.TMPDIR;
  process.env.TMPDIR = mount;
  const studio = await startStudio('python').finally(() => (tmp === undefined ? delete process.env.TMPDIR : (process.env.TMPDIR = tmp)));
  try {
    const file = join(studio.gcc, 'branches/main/commit.md');
    const before = readFileSync(file);
    try {
      for (;;) writeFileSync(join(mount, 'filler'), Buffer.alloc(4096, 120), { flag: 'a' });
    } catch {
      // Full.
    }
    const { editor } = await editContribution(page, studio.url, 'A longer contribution that needs more room than there is left on this disk.');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('alert')).toContainText('cannot save branches/main/commit.md: no space left on the disk (ENOSPC); nothing was changed');
    expect(readFileSync(file).equals(before)).toBe(true);
  } finally {
    await studio.stop();
    execFileSync('umount', [mount], { stdio: 'ignore' });
    rmSync(mount, { recursive: true, force: true });
  }
});

test('a merge killed half way: rolled back when the server starts, and the compare view says so', async ({ page }) => {
  test.slow();
  const crashed = mkdtempSync(join(tmpdir(), 'gcc-e2e-crashed-'));
  try {
    cpSync(join(CORPUS, 'python', '.GCC'), join(crashed, '.GCC'), { recursive: true });
    const before = readFileSync(join(crashed, '.GCC/branches/main/log.md'), 'utf8');
    const server = await startCrashingServer(crashed, 'crash-token', { op: 'append', pathEndsWith: 'branches/main/commit.md' });
    await fetch(`http://127.0.0.1:${server.port}/api/merge`, {
      method: 'POST',
      headers: { authorization: 'Bearer crash-token', origin: `http://127.0.0.1:${server.port}`, 'content-type': 'application/json' },
      body: JSON.stringify({ branch: 'auth-session', target: 'main' }),
    }).catch(() => null);
    expect(await server.exited).toBe('SIGKILL');
    expect(readFileSync(join(crashed, '.GCC/branches/main/log.md'), 'utf8')).not.toBe(before);

    const studio = await startStudio((dir) => cpSync(crashed, dir, { recursive: true }));
    try {
      expect(readFileSync(join(studio.gcc, 'branches/main/log.md'), 'utf8')).toBe(before);
      await openStudio(page, studio.url, 'branch=auth-session&tab=compare&base=main');
      const notice = page.getByTestId('partial-merges').locator('[data-evidence="recovered"]');
      await expect(notice).toContainText('A merge cut short was put right');
      await expect(notice).toContainText('did not finish: branches/main/log.md written, branches/main/commit.md not written');
      await expect(notice).toContainText('It was rolled back');
    } finally {
      await studio.stop();
    }
  } finally {
    rmSync(crashed, { recursive: true, force: true });
  }
});
