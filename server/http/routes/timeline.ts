// Time travel over HTTP: `?at=MOMENT` on the read routes (the same answers, as they were then), the timeline's axis,
// stepping from one event to the next, what changed between two moments, and CONTEXT by query.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { adjacentRecord, axisEnd, axisRecords, segmentedBuckets } from '../../../shared/gcc/moment/axis.ts';
import { momentChanges } from '../../../shared/gcc/moment/changes.ts';
import { formatKey, keyMillis, millisKey, type TimeKey } from '../../../shared/gcc/read/time-key.ts';
import { ROUTES } from '../../../shared/routes.ts';
import type { GitMomentMark, TimelineResponse } from '../../../shared/timeline-api.ts';
import { gitMomentText, type GitMoment } from '../../../shared/git/git-moments.ts';
import { CONTEXT_DIALECTS, type ContextDialect } from '../../../shared/types.ts';
import type { WorkspaceView } from '../../live/index.ts';
import type { TimeTravel } from '../../travel/index.ts';
import { answer } from './answer.ts';
import { checkedBranchName, intParam } from './params.ts';

export const DEFAULT_BUCKETS = 400;
export const MAX_BUCKETS = 4000;
export const DEFAULT_RECORD_LIMIT = 500;
export const MAX_RECORD_LIMIT = 5000;

/**
 * `?at=` absent, empty or `now`: the store as it is now; else the memory at that moment (a moment that names nothing
 * throws MomentError, a 400 saying why: app.ts).
 */
export async function viewAt(c: Context, now: WorkspaceView, travel: TimeTravel | null): Promise<WorkspaceView> {
  const at = c.req.query('at');
  if (at === undefined || at.trim() === '' || at.trim() === 'now') return now;
  if (!travel) throw new HTTPException(400, { message: 'this server cannot travel in time (no workspace records)' });
  return travel.view(at);
}

function dialectParam(c: Context): ContextDialect | null {
  const raw = c.req.query('dialect');
  if (raw === undefined || raw === '') return null;
  if (!(CONTEXT_DIALECTS as readonly string[]).includes(raw)) throw new HTTPException(400, { message: `dialect must be one of ${CONTEXT_DIALECTS.join(', ')} (got "${raw}")` });
  return raw as ContextDialect;
}

/** A range end: a moment (its instant) or epoch milliseconds; `fallback` when absent. */
async function rangeParam(c: Context, travel: TimeTravel, key: 'from' | 'to', fallback: number): Promise<number> {
  const raw = c.req.query(key);
  if (raw === undefined || raw === '') return fallback;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  const tl = await travel.timeline();
  return keyMillis(tl.resolve(raw).key);
}

export function timelineRoutes(now: WorkspaceView, travel: TimeTravel | null, revision: () => number) {
  const need = (): TimeTravel => travel ?? (() => { throw new HTTPException(400, { message: 'this server cannot travel in time (no workspace records)' }); })();
  return new Hono()
    .get(ROUTES.timeline.path, async (c) => {
      const t = need();
      const tl = await t.timeline();
      const start = tl.start();
      const end = axisEnd(tl);
      const startMs = start ? keyMillis(start) : null;
      const endMs = end ? keyMillis(end) : null;
      const fromMs = await rangeParam(c, t, 'from', startMs ?? 0);
      const toMs = Math.max(fromMs, await rangeParam(c, t, 'to', endMs ?? fromMs));
      const buckets = intParam(c, 'buckets', DEFAULT_BUCKETS, 1, MAX_BUCKETS);
      const limit = intParam(c, 'limit', DEFAULT_RECORD_LIMIT, 0, MAX_RECORD_LIMIT);
      const axis = segmentedBuckets(tl, fromMs, toMs, buckets);
      const body: TimelineResponse = {
        start: start ? formatKey(start) : null,
        end: end ? formatKey(end) : null,
        startMs,
        endMs,
        fromMs,
        toMs,
        segments: axis.segments,
        buckets: axis.buckets,
        records: limit === 0 ? null : axisRecords(tl, millisKey(fromMs), millisKey(toMs, true), limit),
        revision: revision(),
        ...(t.exactMoments ? { gitMoments: gitMarks(await t.exactMoments()) } : {}),
      };
      return answer(c, ROUTES.timeline, body);
    })
    .get(ROUTES.adjacent.path, async (c) => {
      const tl = await need().timeline();
      const at = c.req.query('at') ?? '';
      const dir = c.req.query('dir');
      if (dir !== 'next' && dir !== 'prev') throw new HTTPException(400, { message: `dir must be next or prev (got "${dir ?? ''}")` });
      // `now`: after every event (← from the live page goes to the newest one).
      const key: TimeKey = at.trim() === 'now' ? [Number.POSITIVE_INFINITY, 0] : tl.resolve(at).key;
      return answer(c, ROUTES.adjacent, { record: adjacentRecord(tl, key, dir === 'next' ? 1 : -1) });
    })
    .get(ROUTES.changes.path, async (c) => {
      const t = need();
      const [from, to] = [c.req.query('from') ?? '', c.req.query('to') ?? ''];
      if (!from || !to) throw new HTTPException(400, { message: 'give both moments: from=MOMENT&to=MOMENT (to may be now)' });
      const nowMoment = async () => {
        const end = axisEnd(await t.timeline());
        return end ? formatKey(end) : '';
      };
      const [a, b] = await Promise.all([from, to].map(async (m) => (await t.view(m === 'now' ? await nowMoment() : m)).memory));
      return answer(c, ROUTES.changes, momentChanges(a!, b!));
    })
    .get(ROUTES.contextOf.path, async (c) => {
      const name = checkedBranchName(c.req.query('branch') ?? 'main');
      const k = intParam(c, 'k', 1, 1, 1_000_000);
      const view = await viewAt(c, now, travel);
      const result = await view.context(name, k, dialectParam(c));
      if (!result) throw new HTTPException(404, { message: `no branch "${name}"` });
      return answer(c, ROUTES.contextOf, result);
    });
}

/** The exact moments as the axis marks them; at most the newest 1,000. */
function gitMarks(moments: readonly GitMoment[]): GitMomentMark[] {
  return moments.slice(0, 1000).map((m) => ({ moment: gitMomentText(m.commit), commit: m.commit, time: new Date(m.ms).toISOString(), ms: m.ms, subject: m.subject.slice(0, 200) }));
}

