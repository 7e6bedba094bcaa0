// The timeline's calls (/api/timeline, /api/timeline/adjacent, the moment a page shows) and their query options.
import { queryOptions } from '@tanstack/react-query';
import type { AdjacentResponse, TimelineResponse, WorkspaceAtResponse } from '../../shared/timeline-api.ts';
import { atPath, getJson } from './client.ts';

export const timelineKeys = {
  axis: (fromMs: number | null, toMs: number | null, buckets: number, revision: number) => ['gcc', 'timeline', fromMs, toMs, buckets, revision] as const,
  moment: (at: string) => ['gcc', 'moment', at] as const,
};

export const timelineApi = {
  axis: (fromMs: number | null, toMs: number | null, buckets: number, signal?: AbortSignal) => {
    const range = `${fromMs === null ? '' : `&from=${Math.floor(fromMs)}`}${toMs === null ? '' : `&to=${Math.ceil(toMs)}`}`;
    return getJson<TimelineResponse>(`/api/timeline?buckets=${buckets}&limit=400${range}`, signal);
  },
  adjacent: (at: string, dir: 'next' | 'prev') => getJson<AdjacentResponse>(`/api/timeline/adjacent?at=${encodeURIComponent(at)}&dir=${dir}`),
  moment: (at: string, signal?: AbortSignal) => getJson<WorkspaceAtResponse>(atPath('/api/workspace', at), signal),
};

/** The axis for a range (null: the whole workspace), re-asked when the workspace revision settles. */
export function timelineOptions(fromMs: number | null, toMs: number | null, buckets: number, revision: number) {
  return queryOptions({
    queryKey: timelineKeys.axis(fromMs, toMs, buckets, revision),
    queryFn: ({ signal }) => timelineApi.axis(fromMs, toMs, buckets, signal),
    placeholderData: (previous) => previous,
    gcTime: 30_000,
  });
}

/** What a moment is (its instant, whether it is exact and why not); the page's banner reads it. */
export function momentOptions(at: string) {
  return queryOptions({ queryKey: timelineKeys.moment(at), queryFn: ({ signal }) => timelineApi.moment(at, signal), placeholderData: (previous) => previous, gcTime: 60_000, retry: false });
}
