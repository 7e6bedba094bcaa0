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

/**
 * axe-core's serious and critical violations on the page as it is now (the rest of axe's findings are ignored);
 * `within`: only the parts these selectors match (a view's own spec, while the rest of the page is another's).
 */
export async function seriousViolations(page: Page, within?: readonly string[]): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run(ctx: Document | object, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(include ? { include: include.map((s) => [s]) } : document, { resultTypes: ['violations'] });
    return result.violations;
  }, within ? [...within] : null);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails with a readable list when axe finds a serious or critical violation; `where` names the view in the message. */
export async function expectAccessible(page: Page, where: string, within?: readonly string[]): Promise<void> {
  const found = await seriousViolations(page, within);
  const lines = found.map(
    (v) => `${v.impact} ${v.id} ×${v.nodes.length}: ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`).join('\n    ')}`,
  );
  expect(lines, `axe-core on ${where}`).toEqual([]);
}
