// The server restarted while a page is open. Started without --token it keeps the workspace's token, so the page
// comes back by itself (no reload) and catches up; with a truly new token the page says so plainly, stops asking,
// and comes back as soon as the printed URL is opened in another tab.
import { expect, stepCards, test } from './fixtures.ts';
import { startRestartableStudio, type RestartableStudio } from './helpers/restartable.ts';

let studio: RestartableStudio;
// Each test starts the real server two or three times (about 3–8 s each on a loaded machine): more than the default
// 30 s in all.
test.describe.configure({ timeout: 75_000 });
test.beforeEach(async () => {
  studio = await startRestartableStudio('python');
});
test.afterEach(async () => {
  await studio.dispose();
});

test('a restart keeps the token: the open page reconnects, catches up and says the server restarted', async ({ page }) => {
  const firstUrl = await studio.start();
  await page.goto(firstUrl);
  const badge = page.getByTestId('connection');
  await expect(badge).toHaveAttribute('data-status', 'live');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  studio.writer.logStep('main', { observation: 'Before the restart', thought: 't', action: 'a' });
  await expect(stepCards(page, 'Before the restart')).toBeVisible();

  await studio.stop();
  await expect(badge).toHaveAttribute('data-status', /reconnecting|offline/);
  studio.writer.logStep('main', { observation: 'Written while the server was down', thought: 't', action: 'a' });
  const secondUrl = await studio.start();
  expect(new URL(secondUrl).searchParams.get('token')).toBe(new URL(firstUrl).searchParams.get('token'));

  await expect(badge).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  await expect(page.getByTestId('server-notice')).toHaveAttribute('data-kind', 'restarted');
  await expect(stepCards(page, 'Written while the server was down')).toHaveCount(1);
  studio.writer.logStep('main', { observation: 'After the restart', thought: 't', action: 'a' });
  await expect(stepCards(page, 'After the restart')).toHaveCount(1);
  const indexes = await page.getByTestId('step-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-index'))));
  expect(new Set(indexes).size).toBe(indexes.length);
  // By itself: the same document, never reloaded.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a new token: the page says what happened and what to do, stops asking, and recovers from another tab', async ({ page, context }) => {
  // Two server starts and two tabs: 27 s at load 20 on two cores, so twice the default budget.
  test.setTimeout(60_000);
  // The page's timers run on a clock of the test's (flowing as real time until it is run ahead, below).
  await page.clock.install();
  await page.goto(await studio.start());
  const badge = page.getByTestId('connection');
  await expect(badge).toHaveAttribute('data-status', 'live');

  const newUrl = await studio.start(['--new-token']);
  const notice = page.getByTestId('server-notice');
  // The page finds out at its next reconnect attempt (backoff at most 4 s) after the new server is up.
  await expect(notice).toHaveAttribute('data-kind', 'token-refused', { timeout: 20_000 });
  await expect(notice).toContainText('restarted');
  await expect(notice).toContainText('with a new token');
  await expect(notice).toContainText('Open the URL gcc-studio printed');
  await expect(badge).toHaveAttribute('data-status', 'refused');

  // No loop: once refused, the page sends nothing more until it has a new token. Every timer it holds is run (its
  // reconnect backoff is at most 4 s); then a request of our own, which the browser starts after any of theirs.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.clock.runFor(5_000);
  const marker = page.waitForRequest((r) => r.url().endsWith('/after-the-timers'));
  await page.evaluate(() => void fetch('/after-the-timers').catch(() => {}));
  await marker;
  expect(asked.filter((url) => !url.endsWith('/after-the-timers'))).toEqual([]);
  // From here on the page's time flows as real time again.
  await page.clock.resume();

  const other = await context.newPage();
  await other.goto(newUrl);
  await expect(other.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await expect(badge).toHaveAttribute('data-status', 'live');
  await expect(notice).toHaveAttribute('data-kind', 'restarted');
  studio.writer.logStep('main', { observation: 'Seen with the new token', thought: 't', action: 'a' });
  await expect(stepCards(page, 'Seen with the new token')).toHaveCount(1);
});
