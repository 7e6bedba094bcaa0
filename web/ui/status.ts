// A branch's status as the CSS class every view colours it by (list, header, graph, compare): the three statuses the
// writers use, and 'unknown' for anything else (a hand-edited or missing metadata.yaml).
export type StatusClass = 'active' | 'merged' | 'abandoned' | 'unknown';

export function statusClass(status: string | null | undefined): StatusClass {
  return status === 'active' || status === 'merged' || status === 'abandoned' ? status : 'unknown';
}
