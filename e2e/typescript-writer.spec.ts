// Contexa's real TypeScript writer appending to a TypeScript workspace: the page shows its steps and commit live, with
// exact counts, and the CONTEXT preview equals its own summary() of the same files.
import type { Page } from '@playwright/test';
import { expect, openStudio, stepCards, test } from './fixtures.ts';
import { RealTypeScriptWriter } from './helpers/real-typescript.ts';

const tabCount = (page: Page, name: RegExp) => page.getByRole('tab', { name }).locator('.count');

test.use({ corpus: 'typescript' });

test("the real TypeScript writer's steps and commit arrive live, and CONTEXT equals its summary()", async ({ page, studio }) => {
  const writer = new RealTypeScriptWriter(studio.dir);
  try {
    await openStudio(page, studio.url);
    await expect(tabCount(page, /OTA log/)).toHaveText('9');
    expect(await writer.logStep('main', { observation: 'From the real TypeScript writer', thought: 'live', action: 'append' })).toBe(10);
    await expect(stepCards(page, 'From the real TypeScript writer')).toContainText('Step 10');
    await writer.commit('main', 'A commit by the real TypeScript writer');
    await expect(tabCount(page, /Commits/)).toHaveText('4');
    await expect(tabCount(page, /OTA log/)).toHaveText('10');
    const summary = (await writer.summary('main', 1)).toString('utf8');
    expect(summary).toContain('A commit by the real TypeScript writer');
    await expect(page.getByRole('combobox', { name: 'Dialect of the CONTEXT text' })).toHaveValue('typescript');
    await expect.poll(() => page.getByTestId('context-text').textContent()).toBe(summary);
  } finally {
    await writer.close();
  }
});
