// What another local server and a hostile page can get: no cookie (so a server on another port is sent nothing), no
// frame of the dashboard, and the page runs whole under its strict Content-Security-Policy. Agent links that are not
// web addresses are inert text.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, openStudio, stepCards, test } from './fixtures.ts';
import { freePort } from './helpers/studio.ts';

/** Another local server (a dev server, a forwarded port): records what the browser sends it, serves `html`. */
async function otherLocalServer(html: string): Promise<{ origin: string; seen: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const port = await freePort();
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(() => r())) };
}

/** Every CSP violation the page reports, from the first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

test('the token is no cookie: another local server the browser visits is sent nothing of it', async ({ page, context, studio }) => {
  const other = await otherLocalServer('<!doctype html><title>another dev server</title><p>hello</p>');
  try {
    await openStudio(page, studio.url);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('gcc-studio.token'))).toBe(studio.token);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await page.goto(`${other.origin}/`);
    await page.goto(`${other.origin}/again`);
    expect(other.seen.length).toBeGreaterThanOrEqual(2);
    for (const headers of other.seen) {
      expect(headers.cookie ?? '').not.toContain(studio.token);
      expect(JSON.stringify(headers)).not.toContain(studio.token);
    }
    // And the other origin's storage holds nothing of ours either (Web Storage is per origin, port included).
    expect(await page.evaluate(() => localStorage.getItem('gcc-studio.token'))).toBeNull();
  } finally {
    await other.close();
  }
});

test('a page on another local port cannot frame the dashboard', async ({ page, studio }) => {
  await openStudio(page, studio.url);
  const framer = await otherLocalServer(`<!doctype html><iframe id="f" src="${studio.origin}/" width="800" height="600"></iframe>`);
  try {
    const answers: Record<string, string>[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(studio.origin)) answers.push(r.headers());
    });
    await page.goto(`${framer.origin}/`);
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    expect(answers[0]!['x-frame-options']).toBe('DENY');
    expect(answers[0]!['content-security-policy']).toContain("frame-ancestors 'none'");
    // The frame never runs the dashboard: no frame but the top one holds our page.
    await page.waitForLoadState('load');
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const ran = await frame.evaluate(() => document.getElementById('root') !== null).catch(() => false);
      expect(ran, frame.url()).toBe(false);
    }
  } finally {
    await framer.close();
  }
});

test('the whole page runs under the strict policy: no violation across the views', async ({ page, studio }) => {
  const violations = await recordViolations(page);
  const first = page.waitForResponse((r) => new URL(r.url()).pathname === '/');
  await openStudio(page, studio.url);
  const csp = (await first).headers()['content-security-policy'] ?? '';
  for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);

  await page.getByRole('tab', { name: /Commits/ }).click();
  await expect(page.getByTestId('commit-card').first().locator('strong').first()).toBeVisible();
  await expect(page.getByTestId('graph-minimap')).toBeVisible();
  await page.getByRole('tab', { name: 'Graph' }).click();
  await expect(page.getByTestId('branch-graph').locator('circle.node-commit').first()).toBeVisible();
  await page.getByRole('tab', { name: /OTA log/ }).click();
  for (const tab of [/Roadmap/, /Diagnostics/, /Context/]) await page.getByRole('tab', { name: tab }).first().click();
  studio.writer.logStep('main', { observation: 'Live under the policy', thought: '**bold**', action: '`code`' });
  await expect(stepCards(page, 'Live under the policy')).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('javascript:, relative and empty links in agent Markdown are inert text; web links stay links', async ({ page, context, studio }) => {
  await openStudio(page, studio.url);
  // Commit text is rendered as Markdown.
  studio.writer.commit('main', 'Links: [run me](javascript:alert(document.domain)) [docs](README.md) [top](#x) [site](https://example.com/a)');
  await page.getByRole('tab', { name: /Commits/ }).click();
  const card = page.getByTestId('commit-card').filter({ hasText: 'Links:' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('inert-link')).toHaveCount(3);
  await expect(card.getByTestId('inert-link').first()).toHaveText('run me');
  await expect(card.locator('a')).toHaveCount(1);
  await expect(card.locator('a')).toHaveAttribute('href', 'https://example.com/a');
  const pages = context.pages().length;
  await card.getByTestId('inert-link').first().click();
  await card.getByTestId('inert-link').nth(1).click();
  expect(context.pages().length).toBe(pages);
});
