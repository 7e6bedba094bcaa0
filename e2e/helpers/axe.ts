// Runs axe-core in the page (through the debugging protocol, so the page's strict policy does not block it) and
// fails on serious or critical violations, naming each rule and the elements it found.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function violations(page: Page): Promise<AxeViolation[]> {
  // The settled look: a control fading in (a card's edit button) was judged half transparent mid-transition.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
}

/** axe-core's serious and critical violations on the page as it is now (the rest of axe's findings are ignored). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await violations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails when axe finds a violation of any of `rules`, whatever its impact (the page's landmarks, say). */
export async function expectNoViolationsOf(page: Page, where: string, rules: readonly string[]): Promise<void> {
  const found = (await violations(page)).filter((v) => rules.includes(v.id));
  expect(found.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help}`), `axe-core on ${where}`).toEqual([]);
}

/** Fails with a readable list when axe finds a serious or critical violation; `where` names the view in the message. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const found = await seriousViolations(page);
  const lines = found.map(
    (v) => `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`).join('\n    ')}`,
  );
  expect(lines, `axe-core on ${where}`).toEqual([]);
}
