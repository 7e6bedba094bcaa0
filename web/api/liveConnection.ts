// The live stream: one EventSource on /api/events, applied to the query cache through applyEvent.
// On a drop it reconnects with the last event id, so the server replays exactly what was missed; replayed
// duplicates are skipped by id and, being positional, would be harmless anyway.
import type { QueryClient } from '@tanstack/react-query';
import { STUDIO_EVENT_TYPES, isStudioEvent, type StudioEvent } from '../../shared/events.ts';
import { applyEvent, refetchEverything } from './cacheUpdates.ts';
import { ApiError, api } from './client.ts';
import type { LiveStore } from './liveStore.ts';

export interface LiveConnectionOptions {
  client: QueryClient;
  store: LiveStore;
  createEventSource?: (url: string) => EventSource;
  /** Delay before reconnect attempt n (0-based). */
  backoff?: (attempt: number) => number;
  /** Asks the server whether it takes our token (default GET /api/session): EventSource hides a 401. */
  probe?: () => Promise<ProbeResult>;
}

/** accepted: with the server's start time; refused: a 401 (new token); down: no answer (keep reconnecting). */
export type ProbeResult = { kind: 'accepted'; startedAt: string } | { kind: 'refused' } | { kind: 'down' };

export function probeSession(): Promise<ProbeResult> {
  return api.session().then(
    (s): ProbeResult => ({ kind: 'accepted', startedAt: s.startedAt }),
    (e: unknown): ProbeResult => (e instanceof ApiError && e.status === 401 ? { kind: 'refused' } : { kind: 'down' }),
  );
}

/** After this many failed attempts in a row the badge says offline rather than reconnecting. */
const OFFLINE_AFTER = 3;
/** Appends kept to re-apply onto data fetched while they were in flight. */
const RECENT_LIMIT = 500;

type AppendEvent = Extract<StudioEvent, { type: 'steps-appended' | 'commits-appended' }>;

export class LiveConnection {
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private lastId: number | null = null;
  private queue: StudioEvent[] = [];
  private recent: AppendEvent[] = [];
  private stopped = false;
  /** When the server we last reached started: a different one after a reconnect means it restarted. */
  private serverStartedAt: string | null = null;
  private readonly unsubscribeCache: () => void;
  private readonly createEventSource: (url: string) => EventSource;
  private readonly backoff: (attempt: number) => number;
  private readonly probe: () => Promise<ProbeResult>;

  constructor(private readonly opts: LiveConnectionOptions) {
    this.createEventSource = opts.createEventSource ?? ((url) => new EventSource(url, { withCredentials: false }));
    this.backoff = opts.backoff ?? ((n) => Math.min(250 * 2 ** n, 4_000));
    this.probe = opts.probe ?? probeSession;
    // A fetch that started before an append and finished after it would silently drop that append; putting the
    // recent appends back onto freshly fetched data closes the gap (positional writes make it a no-op otherwise).
    this.unsubscribeCache = opts.client.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || e.action.type !== 'success' || e.action.manual) return;
      const [root, kind, branch] = e.query.queryKey as readonly unknown[];
      if (root !== 'gcc' || (kind !== 'steps' && kind !== 'branch') || typeof branch !== 'string') return;
      const relevant = this.recent.filter((r) => r.branch === branch && (kind === 'steps') === (r.type === 'steps-appended'));
      // Deferred: the cache is in the middle of notifying about this very update.
      if (relevant.length) queueMicrotask(() => relevant.forEach((r) => applyEvent(this.opts.client, r, true)));
    });
  }

  /** `sinceId`: the revision of the data already fetched, so the server replays anything newer. */
  start(sinceId: number | null = null): void {
    this.stopped = false;
    this.lastId = sinceId;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.source?.close();
    this.source = null;
    this.unsubscribeCache();
  }

  setPaused(paused: boolean): void {
    this.opts.store.set({ paused });
    if (!paused) {
      const queued = this.queue;
      this.queue = [];
      this.opts.store.set({ queued: 0 });
      queued.forEach((e) => this.apply(e));
    }
  }

  /** Drop the connection as a network failure would (used by the page's "reconnect" control). */
  reconnectNow(): void {
    this.source?.close();
    this.source = null;
    this.attempts = 0;
    this.scheduleReconnect(0);
  }

  /** A new token arrived (this tab's URL or another tab's): a refused connection tries again at once. */
  retryWithNewToken(): void {
    if (this.stopped || this.opts.store.get().status !== 'refused') return;
    this.attempts = 0;
    refetchEverything(this.opts.client);
    this.open();
  }

  private open(): void {
    if (this.stopped) return;
    const es = this.createEventSource(api.eventsUrl(this.lastId));
    this.source = es;
    const onFrame = (msg: MessageEvent<string>) => this.receive(msg);
    es.addEventListener('message', onFrame);
    // Named frames (`event: steps-appended`) do not reach onmessage: listen for each type as well.
    for (const t of STUDIO_EVENT_TYPES) es.addEventListener(t, onFrame as EventListener);
    es.onopen = () => {
      this.attempts = 0;
      this.opts.store.set({ status: 'live' });
      void this.probe().then((r) => this.noteServer(r));
    };
    es.onerror = () => {
      // Reconnect ourselves rather than waiting for the browser's ~3 s retry, carrying the last id in the URL; but
      // first ask why it dropped: a 401 (the server restarted with a new token) is not worth retrying.
      es.close();
      if (this.source !== es) return;
      this.source = null;
      this.opts.store.set({ status: this.attempts >= OFFLINE_AFTER ? 'offline' : 'reconnecting' });
      void this.probe().then((r) => {
        if (this.stopped || this.source !== null || this.timer !== null) return;
        if (r.kind === 'refused') this.opts.store.set({ status: 'refused' });
        else this.scheduleReconnect(this.backoff(this.attempts));
      });
    };
  }

  /** The server restarted (same token, new start time): what it replayed was numbered anew, so fetch it all again. */
  private noteServer(result: ProbeResult): void {
    if (result.kind !== 'accepted' || this.stopped) return;
    const previous = this.serverStartedAt;
    this.serverStartedAt = result.startedAt;
    if (previous === null || previous === result.startedAt) return;
    this.opts.store.set({ restartedAt: result.startedAt });
    refetchEverything(this.opts.client);
  }

  private scheduleReconnect(delay: number): void {
    if (this.stopped) return;
    this.attempts += 1;
    const offline = this.attempts > OFFLINE_AFTER || (typeof navigator !== 'undefined' && navigator.onLine === false);
    this.opts.store.set({ status: offline ? 'offline' : 'reconnecting' });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, delay);
  }

  private receive(msg: MessageEvent<string>): void {
    const event = frameOf(msg.data, isStudioEvent);
    if (!event) return;
    // Ids are unique and increasing (server/event-bus.ts): one we have seen is a replay overlap. A resync is
    // always taken, and restarts the numbering: after a server restart its ids begin again from its revision.
    const restart = event.type === 'resync' || event.type === 'workspace-reset';
    if (!restart && this.lastId !== null && event.id <= this.lastId) return;
    this.lastId = event.id;
    this.opts.store.set({ lastEventId: event.id });
    if (this.opts.store.get().paused) {
      this.queue.push(event);
      this.opts.store.set({ queued: this.queue.length });
      return;
    }
    this.apply(event);
  }

  private apply(event: StudioEvent): void {
    this.remember(event);
    const fresh = applyEvent(this.opts.client, event);
    this.opts.store.markFresh(fresh);
  }

  private remember(event: StudioEvent): void {
    if (event.type === 'steps-appended' || event.type === 'commits-appended') {
      this.recent.push(event);
      if (this.recent.length > RECENT_LIMIT) this.recent.splice(0, this.recent.length - RECENT_LIMIT);
    } else if (event.type === 'branch-reloaded' || event.type === 'branch-removed') {
      // The branch's files were rewritten: older appends no longer describe them.
      this.recent = this.recent.filter((r) => r.branch !== event.branch);
    } else if (event.type === 'resync' && event.branches) {
      // Dropped events may have rewritten these branches' files: their older appends may no longer describe them.
      const resynced = new Set(event.branches);
      this.recent = this.recent.filter((r) => !resynced.has(r.branch));
    } else if (event.type === 'resync' || event.type === 'workspace-reset') {
      this.recent = [];
    }
  }
}

/** An SSE frame's data as the event it carries, or null when it is not JSON or not such an event. */
export function frameOf<T>(data: string, is: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse(data);
    return is(value) ? value : null;
  } catch {
    return null;
  }
}
