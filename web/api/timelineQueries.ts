// The timeline's calls (its axis, stepping event by event, the moment a page shows, what changed) and their query
// options.
import { queryOptions } from '@tanstack/react-query';
import { apiUrl, ROUTES } from '../../shared/routes.ts';
import { getJson } from './client.ts';
import { RECOMPUTED } from './queries.ts';

export const timelineKeys = {
  axis: (fromMs: number | null, toMs: number | null, buckets: number, revision: number) => ['gcc', 'timeline', fromMs, toMs, buckets, revision] as const,
  moment: (at: string) => ['gcc', 'moment', at] as const,
  changes: (from: string, to: string, revision: number) => ['gcc', 'moment-changes', from, to, revision] as const,
};

export const timelineApi = {
  axis: (fromMs: number | null, toMs: number | null, buckets: number, signal?: AbortSignal) =>
    getJson(apiUrl(ROUTES.timeline, { buckets, limit: 400, from: fromMs === null ? undefined : Math.floor(fromMs), to: toMs === null ? undefined : Math.ceil(toMs) }), signal),
  adjacent: (at: string, dir: 'next' | 'prev') => getJson(apiUrl(ROUTES.adjacent, { at, dir })),
  moment: (at: string, signal?: AbortSignal) => getJson(apiUrl(ROUTES.workspace, { at }), signal),
  changes: (from: string, to: string, signal?: AbortSignal) => getJson(apiUrl(ROUTES.changes, { from, to }), signal),
};

/** What changed from a moment to another (`now`: the newest event), re-asked as the workspace moves when it is now. */
export function changesOptions(from: string, to: string, revision: number) {
  return queryOptions({ queryKey: timelineKeys.changes(from, to, revision), queryFn: ({ signal }) => timelineApi.changes(from, to, signal), ...RECOMPUTED });
}

/** The axis for a range (null: the whole workspace), re-asked when the workspace revision settles. */
export function timelineOptions(fromMs: number | null, toMs: number | null, buckets: number, revision: number) {
  return queryOptions({
    queryKey: timelineKeys.axis(fromMs, toMs, buckets, revision),
    queryFn: ({ signal }) => timelineApi.axis(fromMs, toMs, buckets, signal),
    ...RECOMPUTED,
  });
}

/** What a moment is (its instant, whether it is exact and why not); the page's banner reads it. */
export function momentOptions(at: string) {
  return queryOptions({ queryKey: timelineKeys.moment(at), queryFn: ({ signal }) => timelineApi.moment(at, signal), placeholderData: (previous) => previous, gcTime: 60_000, retry: false });
}
