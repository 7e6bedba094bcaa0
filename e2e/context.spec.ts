// 4. The context preview shows exactly what `gcc-studio context` prints (itself the bytes of each implementation's
// summary()), for K = 1 and 2, with each K's token count equal to the tokenizer's own count of that text; all seven
// dialects; and, where the implementation raises, its error and then, marked apart, what gcc-studio reads.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { countTokens } from '../shared/gcc/context/count.ts';
import { expect, openStudio, test } from './fixtures.ts';
import { CORPUS, REPO, startStudio } from './helpers/studio.ts';

async function cliContext(dir: string, branch: string, k: number, ...more: string[]): Promise<Buffer> {
  const args = [join(REPO, 'bin', 'gcc-studio.js'), 'context', dir, '--branch', branch, '--k', String(k), ...more];
  return (await promisify(execFile)(process.execPath, args, { encoding: 'buffer' })).stdout;
}
/** What the page shows of bytes that are not UTF-8: U+FFFD, as TextDecoder does. */
const shown = (bytes: Buffer): string => new TextDecoder().decode(bytes);

test('context preview equals `gcc-studio context` for K = 1 and 2, and each K shows the tokenizer\'s count of its text', async ({ page, studio }) => {
  // The CLI runs while the page loads.
  const [k1, k2, k3] = await Promise.all([1, 2, 3].map((k) => cliContext(studio.dir, 'main', k)).concat([openStudio(page, studio.url).then(() => Buffer.alloc(0))]));
  const text = page.getByTestId('context-text');
  // The CLI itself reproduces the bytes Contexa Python's summary() returned.
  expect(k1!.equals(readFileSync(join(CORPUS, 'python', 'context-main-k1.txt')))).toBe(true);
  await expect.poll(() => text.textContent()).toBe(shown(k1!));
  await expect(page.getByTestId('context-k')).toHaveText('1');
  await expect(page.getByTestId('context-tokens')).toHaveText(`${countTokens(shown(k1!)).toLocaleString('en-US')} tokens`);

  const slider = page.getByRole('slider', { name: /K: number of commits/ });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('context-k')).toHaveText('2');
  await expect.poll(() => text.textContent()).toBe(shown(k2!));
  await expect(page).toHaveURL(/[?&]k=2\b/);

  // One bar per K (main has 3 commits), each the tokenizer's count of that K's text.
  const want = [k1!, k2!, k3!].map((t) => countTokens(shown(t)));
  const bars = page.getByTestId('token-chart').locator('rect');
  await expect(bars).toHaveCount(3);
  await expect.poll(() => bars.evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-tokens'))))).toEqual(want);
  await expect(page.getByTestId('context-tokens')).toHaveText(`${want[1]!.toLocaleString('en-US')} tokens`);
});

test.describe('an Elixir workspace', () => {
  test.use({ corpus: 'elixir' });
  test('shows Elixir\'s own CONTEXT by default, its invalid UTF-8 as U+FFFD, and offers all seven dialects', async ({ page, studio }) => {
    const [k1] = await Promise.all([cliContext(studio.dir, 'main', 1), openStudio(page, studio.url)]);
    expect(k1.equals(readFileSync(join(CORPUS, 'elixir', 'context-main-k1.txt')))).toBe(true);
    await expect.poll(() => page.getByTestId('context-text').textContent()).toBe(shown(k1));
    const select = page.getByRole('combobox', { name: 'Dialect of the CONTEXT text' });
    await expect(select).toHaveValue('elixir');
    await expect(select.locator('option')).toHaveText(['Python', 'TypeScript', 'Rust', 'Go', 'Lua', 'Elixir (detected)', 'Zig']);
    await expect(page.getByTestId('context-notes')).toContainText('Elixir reads and returns the bytes as they are');
    await select.selectOption('zig');
    const zig = await cliContext(studio.dir, 'main', 1, '--dialect', 'zig');
    await expect.poll(() => page.getByTestId('context-text').textContent()).toBe(shown(zig));
  });
});

test('where the implementation raises: its error, no CONTEXT, then what gcc-studio reads, marked apart', async ({ page }) => {
  const studio = await startStudio((dir) => cpSync(join(CORPUS, 'bad/non-utf8-log/.GCC'), join(dir, '.GCC'), { recursive: true }));
  try {
    await openStudio(page, studio.url, 'dialect=python');
    await expect(page.getByTestId('context-error')).toContainText(
      "Python's context() raises UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 390: invalid continuation byte",
    );
    await expect(page.getByTestId('context-text')).toHaveCount(0);
    const lossless = await cliContext(studio.dir, 'main', 1, '--dialect', 'python', '--lossless');
    await expect(page.getByTestId('context-lossless')).toContainText("What gcc-studio reads — not Python's output");
    await expect.poll(() => page.getByTestId('context-lossless-text').textContent()).toBe(shown(lossless));
    // TypeScript, the writer of these files, reads them (U+FFFD for the bad bytes), and says so.
    await page.getByRole('combobox', { name: 'Dialect of the CONTEXT text' }).selectOption('typescript');
    await expect(page.getByTestId('context-error')).toHaveCount(0);
    await expect(page.getByTestId('context-notes')).toContainText('reads each bad sequence as U+FFFD');
    await expect(page.getByTestId('context-text')).toContainText('## Recent OTA Steps (showing last 5 of 9)');
  } finally {
    await studio.stop();
  }
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

test('while the first CONTEXT is being built, the preview says so instead of showing an empty box', async ({ page, studio }) => {
  // The server's answer held back (a wide workspace's first read is that slow), then let through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/branches\/main\/context\?/, async (route) => {
    await held;
    await route.continue();
  });
  await openStudio(page, studio.url);
  const building = page.getByRole('status').filter({ hasText: 'Building the CONTEXT of main at K = 1…' });
  await expect(building).toBeVisible();
  await expect(building).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('context-text')).toHaveCount(0);
  release();
  await expect(page.getByTestId('context-text')).toContainText('# CONTEXT');
  await expect(building).toHaveCount(0);
});
