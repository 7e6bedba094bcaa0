#!/usr/bin/env node
// `npm run test:package`: the package as a user installs it. Packs this checkout (already built), installs the
// tarball into an empty temp folder with production dependencies only, and then, with the installed command:
// --version; inspect --json on a fixture; the server on a fixture answering `/` (HTML that references the built
// assets, one of which is fetched) and `/api/workspace`; and one browser spec (GCC_STUDIO_BIN). It also checks that
// the package holds no tests, fixtures or sources and that no build tool got installed. Prints the installed size.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..');
const FIXTURE = join(REPO, 'fixtures', 'corpus', 'python');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function fail(message) {
  console.error(`package-smoke: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

function duBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += duBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The files `npm pack` would put in the package, checked against what must and must not be there. */
function checkPackList() {
  const [report] = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8' }));
  const files = report.files.map((f) => f.path);
  const forbidden = files.filter((f) => /(^|\/)(e2e|fixtures|bench|scripts)\/|\.test\.|\.spec\.|\.ts$|\.tsx$|tsconfig|vite\.config|playwright/.test(f));
  if (forbidden.length) fail(`the package holds files it must not: ${forbidden.slice(0, 10).join(', ')}`);
  for (const needed of ['bin/gcc-studio.js', 'dist/server/cli/main.js', 'dist/web/index.html', 'dist/server/demo/agent.js', 'package.json']) {
    if (!files.includes(needed)) fail(`the package lacks ${needed}`);
  }
  console.log(`package-smoke: ${files.length} files in the package, ${(report.unpackedSize / 1024).toFixed(0)} kB unpacked`);
}

function waitForUrl(child) {
  return new Promise((done, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no URL within 20 s\n${out}\n${err}`)), 20_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/[^\s/]+)\/\?token=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        done({ origin: m[1], token: decodeURIComponent(m[2]), out, err: () => err });
      }
    });
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => reject(new Error(`exited with ${code}\n${out}\n${err}`)));
  });
}

async function checkServer(bin) {
  const child = spawn(process.execPath, [bin, FIXTURE, '--no-open', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GCC_STUDIO_TOKEN: 'package-smoke-token' } });
  try {
    const { origin, token, err } = await waitForUrl(child);
    const page = await fetch(`${origin}/`);
    const html = await page.text();
    const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    if (page.status !== 200 || !asset) fail(`/ answered ${page.status} without a built script: ${html.slice(0, 200)}`);
    const js = await fetch(`${origin}${asset}`);
    if (js.status !== 200 || !/javascript/.test(js.headers.get('content-type') ?? '') || (await js.text()).length < 1000) {
      fail(`${asset} answered ${js.status} (${js.headers.get('content-type')})`);
    }
    const ws = await fetch(`${origin}/api/workspace`, { headers: { authorization: `Bearer ${token}` } });
    const body = await ws.json();
    if (ws.status !== 200 || body.present !== true || body.branches.length !== 3) fail(`/api/workspace answered ${ws.status}: ${JSON.stringify(body).slice(0, 200)}`);
    if (err().trim()) fail(`the server printed warnings: ${err()}`);
    console.log(`package-smoke: the installed server answered / (${asset}) and /api/workspace (${body.branches.length} branches)`);
  } finally {
    child.kill('SIGTERM');
  }
}

async function main() {
  if (!existsSync(join(REPO, 'dist', 'server', 'cli', 'main.js'))) fail('not built: run `npm run build` first');
  checkPackList();
  const work = mkdtempSync(join(tmpdir(), 'gcc-studio-package-'));
  try {
    const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: REPO, encoding: 'utf8' }))[0];
    const app = join(work, 'app');
    execFileSync(npm, ['init', '-y'], { cwd: work, stdio: 'ignore' });
    execFileSync(npm, ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefix', app, join(work, packed.filename)], { stdio: 'inherit' });
    const modules = join(app, 'node_modules');
    for (const tool of ['vite', 'typescript', 'tsx', 'react', 'd3', '@playwright/test', 'vitest']) {
      if (existsSync(join(modules, tool))) fail(`the production install holds ${tool}`);
    }
    console.log(`package-smoke: installed size ${(duBytes(modules) / 1024 / 1024).toFixed(1)} MB (node_modules of the install)`);
    const bin = join(modules, 'gcc-studio', 'bin', 'gcc-studio.js');
    const version = execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim();
    if (version !== packed.version) fail(`--version printed "${version}", the package is ${packed.version}`);
    const inspected = JSON.parse(execFileSync(process.execPath, [bin, 'inspect', FIXTURE, '--json'], { encoding: 'utf8' }));
    if (inspected.branches.length !== 3) fail(`inspect --json listed ${inspected.branches.length} branches`);
    await checkServer(bin);
    // One browser spec against the installed command (the same helper the e2e suite uses, GCC_STUDIO_BIN).
    const e2e = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['playwright', 'test', 'e2e/workspace.spec.ts'], {
      cwd: REPO,
      stdio: 'inherit',
      env: { ...process.env, GCC_STUDIO_BIN: bin },
    });
    if (e2e.status !== 0) fail('the browser spec failed against the installed command');
    console.log('package-smoke: all checks passed');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  if (!process.exitCode) console.error(err);
  process.exitCode = 1;
});
