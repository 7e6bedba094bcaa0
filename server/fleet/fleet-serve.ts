// Starting a fleet server (which folders make one: fleet-roots.ts): the fleet loaded and watched, its app on a
// loopback port, one line with the URL. The single-workspace server (server/http/serve.ts) is untouched: a DIR that
// holds its own .GCC/ (or under which nothing is found) is served exactly as before.
import type { Server } from 'node:http';
import { announce, closeMcpEndpoints, firstAnswerGate, serverBeforeItsApp, generateToken, isLoopbackHost, securityOptionsFor, DEFAULT_WEB_DIR, closeOnce, listenOnFreePort, stopListening, urlHost, type McpHosting, type StartServerOptions } from '../http/index.ts';
import { DEFAULT_HOST, packageVersion } from '../cli/index.ts';
import { createFleetApp } from './fleet-app.ts';
import { Fleet, type FleetOptions } from './fleet.ts';

const FLEET_STREAM = /^\/api\/fleet\/events\/?$/;

export interface RunningFleet {
  url: string;
  port: number;
  token: string;
  fleet: Fleet;
  close(): Promise<void>;
}

/** `more`: the fleet's own options beyond the roots (a git fleet's scan, and the remote it reads, for the page). */
export async function startFleetServer(roots: string[], depth: number, options: StartServerOptions = {}, { gitRemote, ...more }: Partial<FleetOptions> & { gitRemote?: () => string } = {}): Promise<RunningFleet> {
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.error(line));
  const host = options.host ?? DEFAULT_HOST;
  const token = options.token ?? generateToken();
  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  if (!isLoopbackHost(host)) warn(`gcc-studio: warning: listening on ${host}, not a loopback address: anyone who can reach it and knows the token can read this agent memory.`);
  // Each member's watcher (chokidar's scan, then a second look at every file) starts once the page has its first
  // screen, as a single workspace's does: on 1,000 workspaces it was a third of the time to the first answer.
  const firstAnswer = firstAnswerGate();
  const fleet = new Fleet({ roots, maxDepth: depth, readOnly: options.readOnly, warn, watchAfter: firstAnswer.settled, ...more });
  const { server, arrive } = serverBeforeItsApp(firstAnswer, FLEET_STREAM);
  const port = await listenOnFreePort(server, options, host, warn);
  // The URL (and the browser) before the fleet is found and read, as a single workspace's (http/serve.ts).
  const url = `http://${urlHost(host)}:${port}/?token=${encodeURIComponent(token)}`;
  announce(url, `the workspaces under ${roots.join(', ')}`, { ...options, webDir, log, warn });
  const mcp: McpHosting = { version: packageVersion(), opened: new Set() };
  try {
    await fleet.start();
    const app = createFleetApp({
      fleet,
      gitRemote,
      mcp,
      security: securityOptionsFor(host, port, token),
      webDir,
      events: options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : undefined,
      fleetEvents: options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : undefined,
      logError: (e) => warn(`gcc-studio: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
    });
    arrive(app);
  } catch (err) {
    arrive(null);
    await stopListening(server);
    await fleet.close();
    throw err;
  }
  log(`gcc-studio: ${fleet.members.size} workspace${fleet.members.size === 1 ? '' : 's'} found`);
  firstAnswer.listening();
  return {
    url,
    port,
    token,
    fleet,
    close: closeOnce(async () => {
      await closeMcpEndpoints(mcp);
      await stopListening(server);
      await fleet.close();
    }),
  };
}
