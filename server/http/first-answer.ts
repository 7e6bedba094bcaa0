// When the work start-up keeps for later may begin: once a page has its first screen, so that the watcher's scan,
// warming CONTEXT and the demo's agent do not compete with it for the CPU.
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { keptWork, type KeptWork } from '../live/index.ts';

/** How long after listening the work kept for after the first answer starts anyway when no request has come. */
const FIRST_ANSWER_WAIT_MS = 250;
/** The pause in requests, once a page (or a client) has opened the event stream, that says its first screen is in. */
export const QUIET_MS = 300;
/** The longest the kept work waits after the first answer when no stream opens or the requests do not pause. */
export const MAX_QUIET_WAIT_MS = 2000;

/**
 * Settles once the server has answered its first request, someone has opened the event stream (a page does once its
 * workspace is in) and no request has begun for QUIET_MS since; at most MAX_QUIET_WAIT_MS after that first answer; or
 * FIRST_ANSWER_WAIT_MS after listening when no request came. What waits for it (the watcher's initial scan, ~0.4 s of
 * CPU for 500 branches; the demo's agent) competed with a page's first screen on a 2-core machine: a page opened at
 * the first answer waited a second for its 1 MB of commits. Nothing written meanwhile is missed: once the watcher is
 * ready, the store looks at every file again (live-workspace.ts). Warming CONTEXT up waits for `pageSettled`.
 */
export function firstAnswerGate(now: () => number = () => performance.now()) {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  let pageSettle = () => {};
  const pageSettled = new Promise<void>((resolve) => (pageSettle = resolve));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let answeredAt: number | null = null;
  let streamOpenedAt: number | null = null;
  let lastRequestAt = Number.NEGATIVE_INFINITY;
  const wait = (ms: number, then: () => void) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(then, Math.max(0, ms));
    timer.unref();
  };
  const check = () => {
    const t = now();
    const latest = answeredAt! + MAX_QUIET_WAIT_MS;
    // A page's requests paused, or went on for as long as the limit allows (counted from its stream when it came late).
    const pageAt = streamOpenedAt === null ? Number.POSITIVE_INFINITY : Math.min(lastRequestAt + QUIET_MS, Math.max(latest, streamOpenedAt + MAX_QUIET_WAIT_MS));
    const settleAt = Math.min(pageAt, latest);
    if (t >= settleAt) settle();
    if (t >= pageAt) return pageSettle();
    const next = t < settleAt ? settleAt : pageAt;
    if (Number.isFinite(next)) wait(next - t, check);
  };
  return {
    settled,
    /**
     * Settles like `settled`, but only once a page has opened the event stream: what only a page uses (CONTEXT warmed
     * up, with the ~70 MB token worker) is not paid for by a server nobody looks at.
     */
    pageSettled,
    listening() {
      if (answeredAt === null) wait(FIRST_ANSWER_WAIT_MS, settle);
    },
    /** A request has begun; `stream`: it opens the event stream. */
    request(stream = false) {
      lastRequestAt = now();
      if (stream && streamOpenedAt === null) {
        streamOpenedAt = lastRequestAt;
        if (answeredAt !== null) check();
      }
    },
    answered() {
      if (answeredAt !== null) return;
      answeredAt = now();
      // After this turn, in which the answer is written.
      setImmediate(check);
    },
  };
}

type FetchApp = { fetch(req: Request, env: unknown): Response | Promise<Response> };

/**
 * The HTTP server in front of an app (a request waits for `appComing`; 503 when there is none), telling the gate of each request, of the event stream
 * (`streamPath`) and of the first answer, and the process's kept work (live/kept-work.ts) of each request from its
 * start to its last byte, so that it waits while one is answered. The single-workspace server and the fleet's both
 * stand behind one.
 */
export function gatedServer(appNow: () => FetchApp | null, gate: ReturnType<typeof firstAnswerGate>, streamPath: RegExp, kept: KeptWork = keptWork(), appComing?: Promise<void>): Server {
  let answered = false;
  const onFirstAnswer = () => gate.answered();
  const server = createAdaptorServer({
    fetch: async (req, env) => {
      let app = appNow();
      // Listening began before the workspace was read: a request waits for the app (503 only when none came).
      if (!app && appComing) {
        await appComing;
        app = appNow();
      }
      if (!app) return new Response('starting', { status: 503 });
      gate.request(streamPath.test(new URL(req.url).pathname));
      const response = app.fetch(req, env);
      if (!answered) {
        answered = true;
        Promise.resolve(response).then(onFirstAnswer, onFirstAnswer);
      }
      return response;
    },
  }) as Server;
  // Before the app's own listener: kept work stops before the request's first line of code runs.
  server.prependListener('request', (req, res) => {
    const ended = kept.request();
    // The event stream never ends: its opening is one moment of activity, not a request in flight.
    if (streamPath.test(pathOf(req.url))) ended();
    else res.once('close', ended);
  });
  return server;
}

/**
 * A gatedServer listening before its app is made (the workspace read meanwhile): requests wait until `arrive` gives
 * the app, or null when the start failed (then 503).
 */
export function serverBeforeItsApp(gate: ReturnType<typeof firstAnswerGate>, streamPath: RegExp): { server: Server; arrive(app: FetchApp | null): void } {
  let app: FetchApp | null = null;
  let came = () => {};
  const coming = new Promise<void>((resolve) => (came = resolve));
  const server = gatedServer(() => app, gate, streamPath, keptWork(), coming);
  return {
    server,
    arrive(made) {
      app = made;
      came();
    },
  };
}

/** The path of a request's URL, without parsing it whole. */
function pathOf(url: string | undefined): string {
  const path = url ?? '/';
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}
