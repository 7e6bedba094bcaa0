// Screenshots of every view in both themes, for a person to look at after a run (e2e-screens/, not committed).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENS_DIR = resolve(import.meta.dirname, '..', '..', 'e2e-screens');
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Puts the page in a theme (the page follows prefers-color-scheme). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
}

/** Saves the page as `e2e-screens/<view>-<theme>.png` (the viewport, or the whole page with `fullPage`). */
export async function saveScreen(page: Page, view: string, theme: Theme, fullPage = false): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const path = join(SCREENS_DIR, `${view}-${theme}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}
