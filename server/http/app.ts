// The HTTP app of one workspace: guards, the /api routes at the paths of the route table, one error handler and the
// built page. No port here: tests drive it with app.request().
import { Hono, type ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse } from '../../shared/api.ts';
import { MomentError } from '../../shared/gcc/moment/moment.ts';
import { ROUTES } from '../../shared/routes.ts';
import type { EventBus, WorkspaceView } from '../live/index.ts';
import { apiGuard, hostGuard, securityHeaders, type SecurityOptions } from './security.ts';
import { branchRoutes } from './routes/branches.ts';
import { commitRoutes } from './routes/commits.ts';
import { compareRoutes } from './routes/compare.ts';
import { editRoutes } from './routes/edits.ts';
import { createEditService, createMemoryWriter, mergeNotices, Refusal, type EditServiceDeps, type WriterStore } from '../write/index.ts';
import { withRecordVersions } from './edit-versions.ts';
import { eventRoutes, type EventsRouteOptions } from './routes/events.ts';
import { mergeRoutes, type MergeRouteDeps } from './routes/merge.ts';
import { mcpRoutes, type McpHosting } from './routes/mcp.ts';
import { authorRoutes } from './routes/authors.ts';
import { searchRoutes } from './routes/search.ts';
import { sessionRoutes } from './routes/session.ts';
import { workspaceRoutes } from './routes/workspace.ts';
import { timelineRoutes } from './routes/timeline.ts';
import { timeTravelFor, type TimeTravel } from '../travel/index.ts';
import { DEFAULT_WEB_DIR, staticRoutes } from './static.ts';
import { answer } from './routes/answer.ts';

export interface AppDeps {
  store: WorkspaceView;
  bus: EventBus;
  security: SecurityOptions;
  /** The built page; default dist/web of this checkout. */
  webDir?: string;
  events?: EventsRouteOptions;
  /** Where unexpected errors are reported (the response only says "internal error"). */
  logError?: (error: unknown) => void;
  /** The .GCC/ folder: routes that write (merge) need it. */
  gccDir?: string;
  /** Test overrides of how merges write (failing writers, fixed clocks). */
  merge?: MergeRouteDeps['context'];
  /** Test overrides of how hand edits are saved (history file, clock, lock timeout). */
  edits?: Partial<Omit<EditServiceDeps, 'gccDir' | 'store'>>;
  /** Time travel (`?at=`, /api/timeline); by default over `store` when it exposes its records. */
  travel?: TimeTravel | null;
  /** /api/mcp: served when given (and a workspace folder is), else a 404. */
  mcp?: McpHosting | null;
}

export function createApp(deps: AppDeps) {
  // Read answers carry each record's version, which an edit sends back.
  const versioned = withRecordVersions(deps.store);
  const edits = deps.gccDir ? createEditService({ bus: deps.bus, ...deps.edits, gccDir: deps.gccDir, store: deps.store }) : null;
  const travel = deps.travel !== undefined ? deps.travel : timeTravelFor(deps.store, deps.gccDir, deps.bus);
  const mcp = mcpRoutes(deps.gccDir ? (deps.mcp ?? null) : null, () => ({
    store: deps.store,
    bus: deps.bus,
    gccDir: deps.gccDir!,
    readOnly: deps.store.workspace().readOnly,
    travel,
    writer: writerStore(deps.store) ? createMemoryWriter({ gccDir: deps.gccDir!, store: deps.store, readOnly: deps.store.workspace().readOnly }) : null,
    logError: deps.logError ?? console.error,
  }));
  const api = new Hono()
    .use('*', apiGuard(deps.security))
    .route('/', workspaceRoutes(versioned, travel))
    .route('/', sessionRoutes(deps.security.startedAt))
    // One workspace, no fleet: the page asks first thing (a 404 here was read as the answer and logged an error).
    .get(ROUTES.fleet.path, (c) => answer(c, ROUTES.fleet, { mode: 'single' }))
    .route('/', branchRoutes(versioned, travel))
    .route('/', commitRoutes(deps.store, travel, () => deps.bus.revision))
    .route('/', timelineRoutes(versioned, travel, () => deps.bus.revision))
    .route('/', editRoutes(edits))
    .route('/', searchRoutes(deps.store))
    .route('/', authorRoutes(deps.gccDir ?? null))
    .route('/', compareRoutes(deps.store, deps.gccDir ? (head, base) => mergeNotices(deps.gccDir!, deps.store, [head, base]) : undefined))
    .route('/', mergeRoutes({ store: deps.store, gccDir: deps.gccDir ?? null, ...(deps.merge ? { context: deps.merge } : {}) }))
    .route('/', mcp)
    .route(ROUTES.events.path, eventRoutes(deps.bus, deps.events));

  const app = new Hono()
    .use('*', securityHeaders())
    .use('*', hostGuard(deps.security))
    .route('/api', api)
    // MCP clients are configured with `<server>/mcp`: the same endpoint, behind the same token as /api.
    .use(ROUTES.mcp.path, apiGuard(deps.security))
    .route('/', mcp);

  app.all('/api/*', () => {
    throw new HTTPException(404, { message: 'no such API route' });
  });
  app.route('/', staticRoutes(deps.webDir ?? DEFAULT_WEB_DIR));

  app.onError(answerError(deps.logError));
  app.notFound((c) => c.json<ErrorResponse>({ error: 'not found' }, 404));
  return app;
}

/** A view that is the live store (records to number from, apply to catch up): the agent writes need one. */
function writerStore(view: WorkspaceView): view is WorkspaceView & WriterStore {
  const store = view as Partial<WriterStore>;
  return typeof store.records === 'function' && typeof store.apply === 'function';
}

/**
 * The one place an error becomes an answer: a guard's or a check's HTTPException, a refused write with its status and
 * body (Refusal: an edit, a merge), a moment that names nothing (400); anything else is a bug, logged, and a 500.
 */
export function answerError(logError: (error: unknown) => void = console.error): ErrorHandler {
  return (err, c) => {
    if (err instanceof HTTPException) return c.json<ErrorResponse>({ error: err.message || 'request refused' }, err.status as ContentfulStatusCode);
    if (err instanceof Refusal) return c.json(err.body(), err.status as ContentfulStatusCode);
    if (err instanceof MomentError) return c.json<ErrorResponse>({ error: err.message }, 400);
    logError(err);
    return c.json<ErrorResponse>({ error: 'internal error' }, 500);
  };
}
