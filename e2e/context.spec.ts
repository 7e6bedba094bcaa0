// 4. The context preview shows exactly what `gcc-studio context` prints, for K = 1 and 2, with token counts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openStudio, test } from './fixtures.ts';
import { CORPUS, REPO } from './helpers/studio.ts';

async function cliContext(dir: string, branch: string, k: number): Promise<string> {
  const args = [join(REPO, 'bin', 'gcc-studio.js'), 'context', dir, '--branch', branch, '--k', String(k)];
  return (await promisify(execFile)(process.execPath, args, { encoding: 'utf8' })).stdout;
}

test('context preview equals `gcc-studio context` for K = 1 and 2, and shows the tokens for every K', async ({ page, studio }) => {
  // The CLI runs while the page loads.
  const [k1, k2] = await Promise.all([cliContext(studio.dir, 'main', 1), cliContext(studio.dir, 'main', 2), openStudio(page, studio.url)]);
  const text = page.getByTestId('context-text');
  // The CLI itself reproduces the bytes Contexa Python's summary() returned.
  expect(k1).toBe(readFileSync(join(CORPUS, 'python', 'context-main-k1.txt'), 'utf8'));
  await expect.poll(() => text.textContent()).toBe(k1);
  await expect(page.getByTestId('context-k')).toHaveText('1');

  const slider = page.getByRole('slider', { name: /K: number of commits/ });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('context-k')).toHaveText('2');
  await expect.poll(() => text.textContent()).toBe(k2);
  await expect(page).toHaveURL(/[?&]k=2\b/);

  // Token count for the current K, and one bar per K (main has 3 commits), all filled in.
  await expect(page.getByTestId('context-tokens')).toHaveText(/^[\d,]+ tokens$/);
  const bars = page.getByTestId('token-chart').locator('rect');
  await expect(bars).toHaveCount(3);
  await expect.poll(() => bars.evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-tokens') || 0)))).toEqual([
    expect.any(Number),
    expect.any(Number),
    expect.any(Number),
  ]);
  const counts = await bars.evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-tokens'))));
  expect(counts.every((c) => c > 0)).toBe(true);
  expect(counts[1]!).toBeGreaterThan(counts[0]!);
  const shown = Number((await page.getByTestId('context-tokens').textContent())!.replace(/[^\d]/g, ''));
  expect(shown).toBe(counts[1]);
});

test('a commit holding a 60,000-letter word: the page shows "≥ N tokens" and the rest of the page keeps working', async ({ page, studio }) => {
  await openStudio(page, studio.url);
  await expect(page.getByTestId('context-tokens')).toHaveText(/^[\d,]+ tokens$/);
  studio.writer.commit('main', `A pasted blob: ${'z'.repeat(60_000)}`);
  // The new commit is the newest: K = 1 shows it.
  await expect(page.getByTestId('context-tokens')).toHaveText(/^≥ [\d,]+ tokens$/, { timeout: 15_000 });
  await expect(page.getByTestId('context-tokens')).toHaveAttribute('title', /too long to count/);
  await expect(page.getByTestId('token-chart').locator('rect').first().locator('title')).toHaveText(/K=1: ≥ [\d,]+ tokens/);
  studio.writer.logStep('main', { observation: 'Still live after the blob', thought: 't', action: 'a' });
  await expect(page.getByText('Still live after the blob').first()).toBeVisible();
});
