// Starting a fleet server (which folders make one: fleet-roots.ts): the fleet loaded and watched, its app on a
// loopback port, one line with the URL. The single-workspace server (server/http/serve.ts) is untouched: a DIR that
// holds its own .GCC/ (or under which nothing is found) is served exactly as before.
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { generateToken, isLoopbackHost, securityOptionsFor, DEFAULT_WEB_DIR, hasBuiltPage, MISSING_BUILD_MESSAGE, closeOnce, listenOnFreePort, stopListening, urlHost, openBrowser, type StartServerOptions } from '../http/index.ts';
import { DEFAULT_HOST } from '../cli/index.ts';
import { createFleetApp } from './fleet-app.ts';
import { Fleet, type FleetOptions } from './fleet.ts';

export interface RunningFleet {
  url: string;
  port: number;
  token: string;
  fleet: Fleet;
  close(): Promise<void>;
}

/** `more`: the fleet's own options beyond the roots (a git fleet's scan). */
export async function startFleetServer(roots: string[], depth: number, options: StartServerOptions = {}, more: Partial<FleetOptions> = {}): Promise<RunningFleet> {
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.error(line));
  const host = options.host ?? DEFAULT_HOST;
  const token = options.token ?? generateToken();
  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  if (!isLoopbackHost(host)) warn(`gcc-studio: warning: listening on ${host}, not a loopback address: anyone who can reach it and knows the token can read this agent memory.`);
  const fleet = new Fleet({ roots, maxDepth: depth, readOnly: options.readOnly, warn, ...more });
  await fleet.start();
  let app: ReturnType<typeof createFleetApp> | null = null;
  const server = createAdaptorServer({ fetch: (req, env) => (app ? app.fetch(req, env) : new Response('starting', { status: 503 })) }) as Server;
  let port: number;
  try {
    port = await listenOnFreePort(server, options, host, warn);
  } catch (err) {
    await fleet.close();
    throw err;
  }
  app = createFleetApp({
    fleet,
    security: securityOptionsFor(host, port, token),
    webDir,
    events: options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : undefined,
    fleetEvents: options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : undefined,
    logError: (e) => warn(`gcc-studio: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  });
  const url = `http://${urlHost(host)}:${port}/?token=${encodeURIComponent(token)}`;
  if (!hasBuiltPage(webDir)) warn(`gcc-studio: ${MISSING_BUILD_MESSAGE}`);
  log(`gcc-studio: serving ${fleet.members.size} workspace${fleet.members.size === 1 ? '' : 's'} under ${roots.join(', ')} at ${url}`);
  if (options.open !== false) void openBrowser(url);
  return {
    url,
    port,
    token,
    fleet,
    close: closeOnce(async () => {
      await stopListening(server);
      await fleet.close();
    }),
  };
}
