// 6. A deep link reopens the same step; search finds a step on another branch; keyboard moves between steps.
import { expect, openStudio, test } from './fixtures.ts';

test('a deep link reopens the same branch, step and K', async ({ page, studio }) => {
  await openStudio(page, studio.url, 'branch=auth-jwt&step=1&k=2');
  await expect(page.getByTestId('branch-header')).toContainText('auth-jwt');
  const selected = page.locator('[data-testid="step-card"][aria-current="true"]');
  await expect(selected).toHaveAttribute('data-index', '1');
  await expect(selected).toContainText('POST /auth/login returns {accessToken, refreshToken}');
  await expect(selected).toBeInViewport();
  await expect(page.getByTestId('context-k')).toHaveText('2');

  // j/k move the selection and the URL follows, so the link is always shareable.
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('data-index', '2');
  await expect(page).toHaveURL(/[?&]step=2\b/);
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(selected).toHaveAttribute('data-index', '0');
  await page.reload();
  await expect(page.locator('[data-testid="step-card"][aria-current="true"]')).toHaveAttribute('data-index', '0');
  await expect(page.getByTestId('branch-header')).toContainText('auth-jwt');
});

test('search finds a step on another branch, highlights it, and the result is a link', async ({ page, studio }) => {
  await openStudio(page, studio.url);
  await expect(page.getByTestId('branch-header')).toContainText('main');
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox')).toBeFocused();
  await page.keyboard.type('docker compose');
  const results = page.getByTestId('search-results');
  const hit = results.getByRole('option').filter({ hasText: 'auth-session' });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText(['docker compose']);
  await hit.click();

  await expect(page.getByTestId('branch-header')).toContainText('auth-session');
  const selected = page.locator('[data-testid="step-card"][aria-current="true"]');
  await expect(selected).toHaveAttribute('data-index', '0');
  await expect(selected.locator('mark')).toHaveText(['docker compose']);
  await expect(page).toHaveURL(/branch=auth-session.*step=0.*q=docker/);

  // Esc clears the search and its highlight.
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/q=/);
  await expect(selected.locator('mark')).toHaveCount(0);
});
