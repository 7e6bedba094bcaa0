// Starting the server: the live workspace (watcher → store → bus), the app, an HTTP listener on a loopback port,
// one line with the URL and its token, and the browser. The CLI parses flags and calls startServer().
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { createApp } from './app.ts';
import type { Demo } from '../demo/index.ts';
import { isDir, locateGccDir } from '../fs/index.ts';
import { generateToken, isLoopbackHost, securityOptionsFor } from './security.ts';
import { workspaceToken } from './token-store.ts';
import { DEFAULT_WEB_DIR, hasBuiltPage, MISSING_BUILD_MESSAGE } from './static.ts';
import { keptWork, openLiveWorkspace, type LiveWorkspace } from '../live/index.ts';
import { openBrowser } from './open-browser.ts';
import { StreamStats } from './sse-pump.ts';
import { authorsPathFor, recoverLeftovers, recoverWorkspace } from '../write/index.ts';
import { firstAnswerGate, serverBeforeItsApp } from './first-answer.ts';

const EVENT_STREAM = /^\/api\/events\/?$/;
import { PortTakenError } from './port-taken.ts';

import { DEFAULT_HOST, DEFAULT_PORT, packageVersion } from '../cli/index.ts';
import { closeMcpEndpoints, type McpHosting } from './routes/mcp.ts';

export { DEFAULT_HOST, DEFAULT_PORT, PortTakenError };

export interface StartServerOptions {
  /** DIR: a project folder holding .GCC/, or .GCC/ itself. Ignored with `demo`. Default: the current folder. */
  dir?: string | null;
  /** Serve a temp copy of the demo workspace with a simulated agent writing to it. */
  demo?: boolean;
  /** Default 4780 (when taken, a free one, and said so). 0: any free port. */
  port?: number;
  /** Whether the port was asked for (--port): then a taken one fails (PortTakenError) instead of moving. */
  portExplicit?: boolean;
  /** Default 127.0.0.1; anything that is not loopback prints a warning. */
  host?: string;
  /** Default: GCC_STUDIO_TOKEN is not read here (the CLI does); null or absent gives a random token. */
  token?: string | null;
  /**
   * Without a token: keep the workspace's random token in this per-user folder (token-store.ts), so a restart keeps
   * it and open pages go on working; `fresh` makes a new one. Absent: a new random token each start, kept nowhere.
   */
  tokenStore?: { runtimeDir: string; fresh?: boolean } | null;
  readOnly?: boolean;
  /** Open the browser (default true). */
  open?: boolean;
  /** The built page; default dist/web. */
  webDir?: string;
  /** Pause between the demo agent's operations (default 1000 ms). */
  demoIntervalMs?: number;
  /** Where the URL line goes (default console.log) and warnings (default console.error). */
  log?: (line: string) => void;
  warn?: (line: string) => void;
  heartbeatMs?: number;
}

export interface RunningServer {
  /** The URL to open, token included. */
  url: string;
  port: number;
  host: string;
  token: string;
  gccDir: string;
  live: LiveWorkspace;
  /** The event streams' backlogs and overflows (the bench reads them). */
  streams: StreamStats;
  close(): Promise<void>;
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

interface FoundWorkspace {
  demo: Demo | null;
  projectDir: string;
  gccDir: string;
}

/**
 * The demo's temp workspace or the one DIR names, put right where a crash of ours left it (stale locks, a merge cut
 * short): before the URL is printed, so what reads the files at the URL line finds them recovered. Not read yet.
 */
async function findWorkspace(options: StartServerOptions, warn: (line: string) => void, firstAnswer: Promise<void>): Promise<FoundWorkspace> {
  const found = options.demo ? await startDemoWorkspace(options, warn, firstAnswer) : { demo: null, ...(await locateGccDir(options.dir ?? '.')) };
  try {
    // Its temp files, which no reader opens, once the server has answered (finding them lists every branch folder).
    for (const line of (await recoverWorkspace(found.gccDir, { readOnly: options.readOnly ?? false, leftoversLater: true })).lines) warn(`gcc-studio: ${line}`);
  } catch (err) {
    await found.demo?.stop();
    throw err;
  }
  return found;
}

async function startDemoWorkspace(options: StartServerOptions, warn: (line: string) => void, firstAnswer: Promise<void>): Promise<FoundWorkspace> {
  // Loaded only for --demo: a workspace's start does not pay for the seed, the story and the writer.
  const { startDemo } = await import('../demo/index.ts');
  // The agent (a second Node process) starts once the server has answered: its start-up would compete for the CPU.
  const onSettled = () => warn('gcc-studio: the demo agent has finished its work; the workspace stays as it is.');
  const demo = startDemo({ intervalMs: options.demoIntervalMs, onAgentError: (m) => warn(`gcc-studio: demo agent: ${m}`), onSettled, agentAfter: firstAnswer });
  return { demo, projectDir: demo.projectDir, gccDir: demo.gccDir };
}

/** The workspace found, loaded and (once the server has answered) watched. */
async function loadWorkspace({ projectDir, gccDir }: FoundWorkspace, options: StartServerOptions, warn: (line: string) => void, firstAnswer: Promise<void>): Promise<LiveWorkspace> {
  const readOnly = options.readOnly ?? false;
  // Watching starts once the server has answered (chokidar's scan would compete with the answer for the CPU);
  // nothing written meanwhile is missed (live-workspace.ts).
  const live = await openLiveWorkspace({ gccDir, root: projectDir, readOnly: options.readOnly, authorsFile: authorsPathFor(gccDir), onError: (e) => warn(`gcc-studio: ${String(e)}`), watchAfter: firstAnswer });
  // Once the watcher's set-up is done (the same kept work, one piece after another), between a page's requests.
  void live.watching.then(async () => {
    await keptWork().turn();
    for (const line of await recoverLeftovers(gccDir, readOnly)) warn(`gcc-studio: ${line}`);
  });
  return live;
}

/** Listens on the wanted port; the default one, when taken, moves to a free one (and says so), an asked-for one fails. */
export async function listenOnFreePort(server: Server, options: StartServerOptions, host: string, warn: (line: string) => void): Promise<number> {
  const wanted = options.port ?? DEFAULT_PORT;
  try {
    return await listen(server, wanted, host);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (options.portExplicit) throw new PortTakenError(`port ${wanted} is taken (leave --port out to use a free one)`);
    const port = await listen(server, 0, host);
    warn(`gcc-studio: port ${wanted} is taken; using ${port} instead.`);
    return port;
  }
}

/** `close` safe to call again: a second call waits for the first. */
export function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

/** Stops the server and cuts every connection: SSE streams never end by themselves. */
export function stopListening(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The workspace's kept token (or a new one, kept); when the folder cannot be used, a random one and a warning. */
function chooseToken(store: StartServerOptions['tokenStore'], gccDir: string, warn: (line: string) => void): string {
  if (!store) return generateToken();
  try {
    const kept = workspaceToken(store.runtimeDir, gccDir, { fresh: store.fresh });
    if (kept.replacedBecause) warn(`gcc-studio: a new token replaces the one kept in ${kept.file}: ${kept.replacedBecause}.`);
    return kept.token;
  } catch (err) {
    warn(`gcc-studio: the token cannot be kept in ${store.runtimeDir} (${err instanceof Error ? err.message : String(err)}): pages left open will need the new URL after a restart.`);
    return generateToken();
  }
}

/** The URL line (with a warning first when the page is not built), and the browser opened on it unless told not to. */
export function announce(url: string, what: string, o: Pick<StartServerOptions, 'open'> & { webDir: string; log: (line: string) => void; warn: (line: string) => void }): void {
  if (!hasBuiltPage(o.webDir)) o.warn(`gcc-studio: ${MISSING_BUILD_MESSAGE}`);
  o.log(`gcc-studio: serving ${what} at ${url}`);
  if (o.open !== false) void openBrowser(url);
}

/** The app over a loaded workspace, with what closing it closes (the MCP sessions, git's history reader). */
async function workspaceApp(appModule: Promise<typeof import('./app.ts')>, live: LiveWorkspace, demo: Demo | null, gccDir: string, settings: Pick<Parameters<typeof createApp>[0], 'security' | 'webDir' | 'events' | 'logError'>) {
  const { store, bus } = live;
  const mcp: McpHosting = { version: packageVersion(), opened: new Set() };
  // A .GCC/ tracked by the repository around it: its commits are exact moments too (git is asked on first use only).
  const { timeTravelFor, withExactMoments, lazyExactMoments } = await import('../travel/index.ts');
  const history = demo ? null : lazyExactMoments(async () => (await import('../git/index.ts')).localGitHistory(gccDir));
  // Made only beside exact moments: the app makes its own otherwise (two would record each change twice).
  const travel = history ? withExactMoments(timeTravelFor(store, gccDir, bus), history, () => bus.revision) : null;
  const app = (await appModule).createApp({ mcp, store, bus, gccDir, ...(travel ? { travel } : {}), ...settings });
  return { app, mcp, history };
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.error(line));
  const host = options.host ?? DEFAULT_HOST;
  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  if (!isLoopbackHost(host)) {
    warn(`gcc-studio: warning: listening on ${host}, not a loopback address: anyone who can reach it and knows the token can read this agent memory.`);
  }
  // The app's modules (routes, the write side) load while the workspace is read: the first answer needs both.
  const appModule = import('./app.ts');
  void appModule.catch(() => {}); // awaited below; a start that fails earlier must not leave it unhandled
  const firstAnswer = firstAnswerGate();
  const found = await findWorkspace(options, warn, firstAnswer.settled);
  const { demo, projectDir, gccDir } = found;
  const token = options.token ?? chooseToken(options.tokenStore ?? null, gccDir, warn);

  const streams = new StreamStats();
  const { server, arrive } = serverBeforeItsApp(firstAnswer, EVENT_STREAM);

  let port: number;
  try {
    port = await listenOnFreePort(server, options, host, warn);
  } catch (err) {
    await demo?.stop();
    throw err;
  }
  // The URL (and the browser) before the workspace is read: the page loads meanwhile, and its first requests wait.
  const url = `http://${urlHost(host)}:${port}/?token=${encodeURIComponent(token)}`;
  announce(url, `${demo ? 'the demo workspace ' : ''}${gccDir}`, { ...options, webDir, log, warn });

  let live: LiveWorkspace | null = null;
  let made: Awaited<ReturnType<typeof workspaceApp>>;
  try {
    live = await loadWorkspace(found, options, warn, firstAnswer.settled);
    made = await workspaceApp(appModule, live, demo, gccDir, {
      security: securityOptionsFor(host, port, token),
      webDir,
      events: { stats: streams, ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}) },
      logError: (e) => warn(`gcc-studio: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
    });
    arrive(made.app);
  } catch (err) {
    arrive(null);
    await stopListening(server);
    await live?.close();
    await demo?.stop();
    throw err;
  }
  const { mcp, history } = made;
  const loaded = live;

  if (!loaded.store.workspace().present && !(await isDir(gccDir))) {
    warn(`gcc-studio: ${projectDir} holds no .GCC/ yet: waiting for one (the page shows the workspace as soon as an agent creates it).`);
  }
  let closed = false;
  // Only after the first answer: it must not wait for CONTEXT reads and token counts (the tokenizer loads in its worker).
  firstAnswer.listening();
  void firstAnswer.pageSettled.then(() => {
    if (!closed) loaded.store.warmContexts();
  });
  return {
    url,
    port,
    host,
    token,
    gccDir,
    live: loaded,
    streams,
    close: closeOnce(async () => {
      closed = true;
      await closeMcpEndpoints(mcp);
      await stopListening(server);
      await loaded.close();
      history?.close();
      await demo?.stop();
    }),
  };
}
