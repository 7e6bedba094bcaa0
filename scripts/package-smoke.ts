// `npm run test:package`: the package installed as a user installs it, then its command run: --version, inspect, the
// server answering, its MCP server answering an MCP client, one browser spec; and no tests, fixtures, sources or build
// tools in it.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { directoryBytes, installPacked, REPO, type PackedInstall } from './packed-install.ts';

const FIXTURE = join(REPO, 'fixtures', 'corpus', 'python');
const TOKEN = 'package-smoke-token';

class SmokeFailure extends Error {}
function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new SmokeFailure(message);
}

function checkContents(install: PackedInstall): void {
  const forbidden = install.files.filter((f) => /(^|\/)(e2e|fixtures|bench|scripts)\/|\.test\.|\.spec\.|\.tsx?$|tsconfig|vite\.config|playwright/.test(f));
  check(forbidden.length === 0, `the package holds files it must not: ${forbidden.slice(0, 10).join(', ')}`);
  for (const needed of ['bin/gcc-studio.js', 'dist/bundle/main.cjs', 'dist/bundle/main.cjs.cache', 'dist/bundle/mcp-sdk.cjs', 'dist/server/cli/main.js', 'dist/web/index.html', 'dist/server/demo/agent.js', 'package.json', 'LICENSE']) {
    check(install.files.includes(needed), `the package lacks ${needed}`);
  }
  for (const tool of ['vite', 'typescript', 'tsx', 'react', 'react-dom', 'd3', '@playwright/test', 'vitest']) {
    check(!existsSync(join(install.modules, tool)), `the production install holds ${tool}`);
  }
  console.log(`package-smoke: ${install.files.length} files, ${(install.unpackedBytes / 1024).toFixed(0)} kB unpacked; installed size ${(directoryBytes(install.modules) / 1024 / 1024).toFixed(1)} MB`);
}

function waitForOrigin(child: ChildProcess): Promise<{ origin: string; stderr: () => string }> {
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new SmokeFailure(`no URL within 20 s\n${out}\n${err}`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/[^\s/]+)\/\?token=/.exec(out);
      if (m) {
        clearTimeout(timer);
        done({ origin: m[1]!, stderr: () => err });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => fail(new SmokeFailure(`exited with ${code}\n${out}\n${err}`)));
  });
}

async function checkServer(bin: string): Promise<void> {
  const child = spawn(process.execPath, [bin, FIXTURE, '--no-open', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GCC_STUDIO_TOKEN: TOKEN } });
  try {
    const { origin, stderr } = await waitForOrigin(child);
    const page = await fetch(`${origin}/`);
    const html = await page.text();
    const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    check(page.status === 200 && asset, `/ answered ${page.status} without a built script: ${html.slice(0, 200)}`);
    const js = await fetch(`${origin}${asset}`);
    const body = await js.text();
    check(js.status === 200 && /javascript/.test(js.headers.get('content-type') ?? '') && body.length > 1000, `${asset} answered ${js.status} (${js.headers.get('content-type')})`);
    const ws = await fetch(`${origin}/api/workspace`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const workspace = (await ws.json()) as { present?: boolean; branches?: unknown[] };
    check(ws.status === 200 && workspace.present === true && workspace.branches?.length === 3, `/api/workspace answered ${ws.status}: ${JSON.stringify(workspace).slice(0, 200)}`);
    check(stderr().trim() === '', `the server printed on stderr: ${stderr()}`);
    console.log(`package-smoke: the installed server answered / (${asset}) and /api/workspace (${workspace.branches.length} branches)`);
  } finally {
    child.kill('SIGTERM');
  }
}

/** The installed bundle's code cache is the one its build made, and this Node's V8 takes it. */
function checkCodeCache(install: PackedInstall): void {
  const dist = join(dirname(install.bin), '..', 'dist');
  const probe = `import(${JSON.stringify(pathToFileURL(join(dist, 'server', 'cli', 'code-cache.js')).href)}).then((m) => console.log(m.loadBundle(${JSON.stringify(join(dist, 'bundle', 'main.cjs'))}).cache))`;
  const cache = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
  check(cache === 'accepted', `the installed bundle's code cache was not used: ${cache}`);
  console.log('package-smoke: the installed bundle loads with its code cache');
}

const READ_TOOLS = ['gcc_context', 'gcc_diff', 'gcc_history', 'gcc_search', 'gcc_status', 'gcc_switch'];

/** `gcc-studio mcp` as a client spawns it (read-only: the fixture is the checkout's): its tools, and CONTEXT. */
async function checkMcp(bin: string): Promise<void> {
  const client = new Client({ name: 'package-smoke', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', FIXTURE, '--read-only'], stderr: 'ignore' }));
  try {
    const { tools } = await client.listTools();
    // Read-only, it offers the read tools only (a server that writes nothing lists no write tool).
    const names = tools.map((t) => t.name).sort();
    check(names.join() === READ_TOOLS.join(), `gcc-studio mcp --read-only lists ${tools.length} tools: ${names.join(', ')}`);
    const context = (await client.callTool({ name: 'gcc_context', arguments: { branch: 'main' } })) as CallToolResult;
    const text = context.content[0]?.type === 'text' ? context.content[0].text : '';
    check(!context.isError && text.includes('main'), `gcc_context answered ${JSON.stringify(context).slice(0, 200)}`);
    console.log(`package-smoke: the installed gcc-studio mcp listed ${tools.length} tools and gave CONTEXT (${text.length} characters)`);
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  const install = installPacked();
  try {
    checkContents(install);
    const version = execFileSync(process.execPath, [install.bin, '--version'], { encoding: 'utf8' }).trim();
    check(version === install.version, `--version printed "${version}", the package is ${install.version}`);
    checkCodeCache(install);
    const inspected = JSON.parse(execFileSync(process.execPath, [install.bin, 'inspect', FIXTURE, '--json'], { encoding: 'utf8' })) as { branches: unknown[] };
    check(inspected.branches.length === 3, `inspect --json listed ${inspected.branches.length} branches`);
    await checkServer(install.bin);
    await checkMcp(install.bin);
    const e2e = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['playwright', 'test', 'e2e/workspace.spec.ts'], {
      cwd: REPO,
      stdio: 'inherit',
      env: { ...process.env, GCC_STUDIO_BIN: install.bin },
    });
    check(e2e.status === 0, 'the browser spec failed against the installed command');
    console.log('package-smoke: all checks passed');
  } finally {
    install.remove();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof SmokeFailure ? `package-smoke: ${err.message}` : err);
  process.exitCode = 1;
});
