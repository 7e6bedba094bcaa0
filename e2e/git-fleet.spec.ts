// Agents on other machines: three folders written by the real Contexa Python writer, each pushed with
// `gcc-studio push` to one bare remote; `gcc-studio --git file://…` lists three rows, an append pushed on one shows in
// its row within the refresh interval plus 2 s, and each row opens as the workspace page, read-only.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runRealPython } from '../server/test-support/real-contexa.ts';
import { STUDIO_RECORD_ROUTES, openEveryTab } from './helpers/every-tab.ts';
import { watchProblems } from './helpers/page-problems.ts';
import { REPO, freePort, stopServerProcess, waitForUrl } from './helpers/studio.ts';

const REFRESH_S = 1;
let root: string;
let remote: string;
let server: ChildProcess | null = null;
let env: NodeJS.ProcessEnv;

const studio = (args: string[]) => execFileSync(process.execPath, [join(REPO, 'bin', 'gcc-studio.js'), ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const push = (agent: string) => studio(['push', join(root, agent), '--remote', `file://${remote}`, '--ref', `gcc/${agent}`]);
const row = (page: Page, ws: string) => page.locator(`[data-testid="fleet-row"][data-ws="${ws}"]`);

test.beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gcc-studio-git-e2e-'));
  env = { ...process.env, XDG_CACHE_HOME: join(root, 'cache'), GCC_STUDIO_TOKEN: '' };
  remote = join(root, 'remote.git');
  execFileSync('git', ['init', '-q', '--bare', remote]);
  for (const [agent, steps] of [['alpha', 2], ['beta', 3], ['gamma', 4]] as const) {
    runRealPython(join(root, agent), [{ op: 'init', roadmap: `Agent ${agent}` }, ...Array.from({ length: steps }, (_, i) => ({ op: 'log' as const, o: `${agent} saw ${i}`, t: 't', a: 'a' })), { op: 'commit', c: `${agent} saved` }]);
    push(agent);
  }
});

test.afterEach(async () => {
  if (server) await stopServerProcess(server);
  server = null;
  rmSync(root, { recursive: true, force: true });
});

test('three pushed agents are three rows; a push shows live; each row opens read-only', async ({ page }) => {
  test.slow();
  const port = await freePort();
  const token = `e2e-${Math.random().toString(36).slice(2)}`;
  server = spawn(process.execPath, [join(REPO, 'bin', 'gcc-studio.js'), '--git', `file://${remote}`, '--refresh', String(REFRESH_S), '--no-open', '--port', String(port), '--token', token], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForUrl(server, 20_000);
  await page.goto(url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('fleet-row')).toHaveCount(3);
  await expect(row(page, 'gcc/beta').getByTestId('fleet-steps')).toHaveText('3');
  await expect(row(page, 'gcc/beta').getByTestId('fleet-git')).toContainText(/[0-9a-f]{10} · pushed \d+ s ago/);

  runRealPython(join(root, 'beta'), [{ op: 'load' }, { op: 'log', o: 'pushed from another machine', t: 't', a: 'a' }]);
  push('beta');
  const pushed = Date.now();
  await expect(row(page, 'gcc/beta').getByTestId('fleet-steps')).toHaveText('4', { timeout: (REFRESH_S + 2) * 1000 });
  console.log(`push → row updated: ${Date.now() - pushed} ms (refresh ${REFRESH_S} s)`);

  for (const [agent, steps] of [['alpha', 2], ['gamma', 4], ['beta', 4]] as const) {
    await page.goto(url);
    await row(page, `gcc/${agent}`).getByTestId('fleet-open').click();
    await expect(page).toHaveURL(new RegExp(`\\?ws=gcc%2F${agent}`));
    await expect(page.getByTestId('fleet-back')).toContainText(`gcc/${agent}`);
    await expect(page.getByTestId('step-card')).toHaveCount(steps);
    await expect(page.getByTestId('step-card').first()).toContainText(`${agent} saw 0`);
  }
  // beta was pushed twice: its first push is an exact moment, one step fewer.
  const moments = page.getByTestId('git-moments');
  await expect(moments.locator('option')).toHaveCount(3);
  await moments.selectOption({ index: 2 });
  await expect(page.getByTestId('moment-git')).toContainText(/^git [0-9a-f]{10} · exact$/);
  await expect(page.getByTestId('step-card')).toHaveCount(3);

  // Two agents compared like two branches: main of each, CONTEXT side by side, what each lacks.
  await page.goto(url);
  await page.getByTestId('agent-a').selectOption('gcc/alpha');
  await page.getByTestId('agent-b').selectOption('gcc/gamma');
  const sides = page.getByTestId('agent-side');
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0).getByTestId('agent-context')).toContainText('alpha saw 1');
  await expect(sides.nth(1).getByTestId('agent-context')).toContainText('gamma saw 3');
  await expect(sides.nth(0)).toContainText('Has what gcc/gamma lacks: 1 commit, 2 steps');
});

test("a git row's every tab asks nothing a read-only source cannot answer", async ({ page }) => {
  // A branch not merged yet: the compare tab would ask for a merge preview, and the merges made, of a live folder.
  runRealPython(join(root, 'beta'), [{ op: 'load' }, { op: 'branch', name: 'explore', purpose: 'try another way' }, { op: 'log', o: 'explored', t: 't', a: 'a' }, { op: 'commit', c: 'explored' }]);
  push('beta');
  const port = await freePort();
  server = spawn(process.execPath, [join(REPO, 'bin', 'gcc-studio.js'), '--git', `file://${remote}`, '--no-open', '--port', String(port), '--token', 'e2e-git-tabs'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await waitForUrl(server, 20_000);
  const watch = await watchProblems(page);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto(`${url}&ws=gcc%2Fbeta&branch=explore`);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
  await openEveryTab(page);
  await page.getByRole('tab', { name: 'Compare & merge' }).click();
  await expect(page.getByTestId('merge-bar')).toContainText('Read-only: gcc-studio merges nothing here.');
  expect(asked.filter((u) => STUDIO_RECORD_ROUTES.test(new URL(u).pathname))).toEqual([]);
  expect(await watch.problems()).toEqual([]);
});

test("a git row's header names the remote as a place, not a URL cut from its start", async ({ page }) => {
  const port = await freePort();
  server = spawn(process.execPath, [join(REPO, 'bin', 'gcc-studio.js'), '--git', `file://${remote}`, '--no-open', '--port', String(port), '--token', 'e2e-git-header'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await waitForUrl(server, 20_000);
  for (const width of [900, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${url}&ws=gcc%2Falpha&branch=main`);
    await expect(page.getByTestId('fleet-back')).toContainText('gcc/alpha');
    const path = page.getByTestId('workspace-path');
    await expect(path).toHaveText(remote);
    await expect(page.locator('.workspace-path')).toHaveAttribute('title', `${remote}, refs/heads/gcc/alpha`);
  }
  // Wide enough, the whole of it shows.
  const shown = await page.getByTestId('workspace-path').evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(shown).toBe(true);
});

test('a git fleet with no agent yet says how to push to it; a mistyped remote says no ref could be read, and why', async ({ page }) => {
  const empty = join(root, 'empty.git');
  execFileSync('git', ['init', '-q', '--bare', empty]);
  const nowhere = join(root, 'nowhere.git');
  for (const [repo, notice] of [
    [empty, null],
    [nowhere, `no ref could be read from file://${nowhere}: '${nowhere}' does not appear to be a git repository`],
  ] as const) {
    server = spawn(process.execPath, [join(REPO, 'bin', 'gcc-studio.js'), '--git', `file://${repo}`, '--no-open', '--port', String(await freePort()), '--token', 'e2e-git-empty'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    await page.goto(await waitForUrl(server, 20_000));
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'live');
    const said = page.getByTestId('fleet-empty');
    await expect(said).toContainText("No agent's memory has been read from this repository yet.");
    await expect(said.locator('code.fleet-empty-command')).toHaveText(`gcc-studio push --remote file://${repo}`);
    if (notice === null) await expect(page.getByTestId('fleet-notice')).toHaveCount(0);
    else await expect(page.getByTestId('fleet-notice')).toHaveText(`${notice} (retrying, less often while it fails)`);
    await expect(page.getByText('rows show their last fetched state')).toHaveCount(0);
    await stopServerProcess(server);
    server = null;
  }
});
