// The HTTP app of a fleet: the fleet's own routes, and every other /api request handed to the app of the workspace its
// `?ws=` names, so routes, edits, locks and histories stay each workspace's own.
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse } from '../../shared/api.ts';
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { ROUTES } from '../../shared/routes.ts';
import { answerError, createApp, apiGuard, hostGuard, securityHeaders, DEFAULT_WEB_DIR, staticRoutes, type AppDeps, type SecurityOptions } from '../http/index.ts';
import type { LiveWorkspace } from '../live/index.ts';
import { wsIdProblem } from './discovery-rules.ts';
import { fleetEventRoutes, type FleetEventsOptions } from './fleet-events.ts';
import { fleetCompareRoutes } from './fleet-compare.ts';
import type { FleetMember } from './fleet-member.ts';
import type { Fleet } from './fleet.ts';
import { taggedBus } from './tagged-bus.ts';

export interface FleetAppDeps {
  fleet: Fleet;
  /** A git fleet's remote (`--git`): the page's empty list says how agents push to it. */
  gitRemote?: () => string;
  security: SecurityOptions;
  webDir?: string;
  logError?: (error: unknown) => void;
  events?: AppDeps['events'];
  fleetEvents?: FleetEventsOptions;
  /** Test overrides handed to each workspace's app. */
  edits?: AppDeps['edits'];
  /** Each workspace's /api/mcp (`?ws=` as every route). */
  mcp?: AppDeps['mcp'];
}

/**
 * The workspace `?ws=` names (or the only one); a clear 4xx otherwise. No `?ws=` on a fleet of several is a 300
 * Multiple Choices, which is what it is: the page's first requests go out before it knows it is a fleet's, and a
 * 4xx there was logged as an error in every fleet page's console.
 */
export function memberFor(fleet: Fleet, ws: string | undefined): FleetMember {
  if (ws === undefined || ws === '') {
    if (fleet.members.size === 1) return [...fleet.members.values()][0]!;
    throw new HTTPException(300 as ContentfulStatusCode, { message: `this server serves ${fleet.members.size} workspaces: add ?ws=<id> (GET /api/fleet lists them)` });
  }
  const problem = wsIdProblem(ws);
  if (problem) throw new HTTPException(400, { message: problem });
  const member = fleet.members.get(ws);
  if (!member) throw new HTTPException(404, { message: `no workspace "${ws}" (GET /api/fleet lists them)` });
  if (member.gone) throw new HTTPException(410, { message: `workspace "${ws}" is gone: its .GCC/ is no longer under the roots` });
  if (!member.live) throw new HTTPException(503, { message: `workspace "${ws}" could not be opened (the terminal says why)` });
  return member;
}

/**
 * GET /api/fleet and its stream, and every other /api route dispatched by `?ws=` to that workspace's own app (built
 * once per live workspace). A `ws` is only ever a key of the fleet's list: no id is joined onto a path, so no id can
 * name a folder outside the roots.
 */
export function createFleetApp(deps: FleetAppDeps) {
  const { fleet } = deps;
  const apps = new WeakMap<LiveWorkspace, ReturnType<typeof createApp>>();
  const appOf = (member: FleetMember) => {
    const live = member.live!;
    let app = apps.get(live);
    if (!app) {
      // A member that is no folder (a git ref) has no folder to write to, and brings its own time travel.
      const own = member.found.open ? { travel: member.travel ?? null } : { gccDir: member.found.gccDir };
      app = createApp({ store: live.store, bus: taggedBus(live.bus, member.id), security: deps.security, ...own, webDir: deps.webDir, events: deps.events, logError: deps.logError, edits: deps.edits, mcp: deps.mcp });
      apps.set(live, app);
    }
    return app;
  };

  const api = new Hono()
    .use('*', apiGuard(deps.security))
    .get(ROUTES.fleet.path, (c) =>
      c.json<FleetResponse>({ mode: 'fleet', epoch: fleet.epoch, roots: fleet.roots, rows: fleet.rows(), notices: [...fleet.notices], ...(deps.gitRemote ? { git: { url: deps.gitRemote() } } : {}) }),
    )
    .route(ROUTES.fleetEvents.path, fleetEventRoutes(fleet, deps.fleetEvents))
    .route('/', fleetCompareRoutes(fleet));

  const app = new Hono().use('*', securityHeaders()).use('*', hostGuard(deps.security)).route('/api', api);
  app.all('/api/*', (c: Context) => appOf(memberFor(fleet, c.req.query('ws'))).fetch(c.req.raw, c.env));
  // `<server>/mcp?ws=`: each workspace's app serves its MCP endpoint there too (http/app.ts), behind the token.
  app.use(ROUTES.mcp.path, apiGuard(deps.security));
  app.all(ROUTES.mcp.path, (c: Context) => appOf(memberFor(fleet, c.req.query('ws'))).fetch(c.req.raw, c.env));
  app.route('/', staticRoutes(deps.webDir ?? DEFAULT_WEB_DIR));
  app.onError(answerError(deps.logError));
  app.notFound((c) => c.json<ErrorResponse>({ error: 'not found' }, 404));
  return app;
}
