// An exported page opens from file:// with the network off: no server, nothing fetched but the file itself, and it
// shows the memory at the moment it was exported at (auth-jwt before its merge).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { CORPUS } from '../fixtures/corpus.ts';

test('an exported moment opens from file:// offline, read-only, as it was', async ({ page, context }) => {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-export-'));
  try {
    const file = join(dir, 'memory.html');
    execFileSync('node', [join(import.meta.dirname, '../bin/gcc-studio.js'), 'export', join(CORPUS, 'python'), '--at', 'auth-jwt@step:2', '--html', file]);
    expect(statSync(file).size).toBeGreaterThan(1000);
    await context.setOffline(true);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${pathToFileURL(file).href}?branch=auth-jwt`);
    const list = page.getByRole('region', { name: 'Branch list' });
    await expect(list.locator('[data-branch="auth-jwt"]')).toContainText('active');
    await expect(list.locator('[data-branch="auth-session"]')).toHaveCount(0);
    await expect(page.getByTestId('moment')).toContainText('2026-12-02T13:58');
    await expect(page.getByTestId('step-card')).toHaveCount(2);
    await expect(page.getByText('# CONTEXT — branch `auth-jwt` (K=1)')).toBeVisible();
    expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
