// What the URL holds so a link reopens the same view. Pure parse/serialize; the hook lives in useUrlState.ts.
import { CONTEXT_DIALECTS, type ContextDialect } from '../../shared/types.ts';

/** `graph`: the full branch graph of the workspace (features/graph). */
export type CentreTab = 'log' | 'commits' | 'compare' | 'graph';

export interface UrlState {
  branch: string | null;
  /** Commit id as written in commit.md (ids can repeat in Zig's files: the first one wins). */
  commit: string | null;
  /** 0-based position of the step in the branch's log (step numbers repeat after merges, positions do not). */
  step: number | null;
  k: number | null;
  dialect: ContextDialect | null;
  q: string;
  tab: CentreTab;
  /** The compare tab's base branch; absent: the branch the head was created from. */
  base?: string | null;
  /** The graph's rows: `compact` folds a branch's run of commits into one row; absent: a row a dot. */
  graph?: 'compact' | null;
  /** The fleet's workspace this view is of (`?ws=`); absent on a single-workspace server. Every other key works inside it. */
  ws?: string | null;
  /** The moment the page shows (time travel: an ISO time, B@step:N or B@commit:N); absent: now, live. */
  at?: string | null;
}

export const EMPTY_URL_STATE: UrlState = { branch: null, commit: null, step: null, k: null, dialect: null, q: '', tab: 'log' };

function nonNegativeInt(v: string | null, min: number): number | null {
  if (v === null || !/^\d{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n >= min ? n : null;
}

export function parseUrlState(search: string): UrlState {
  const p = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const dialect = p.get('dialect');
  const tab = p.get('tab');
  return {
    branch: p.get('branch') || null,
    commit: p.get('commit') || null,
    step: nonNegativeInt(p.get('step'), 0),
    k: nonNegativeInt(p.get('k'), 1),
    dialect: dialect && (CONTEXT_DIALECTS as readonly string[]).includes(dialect) ? (dialect as ContextDialect) : null,
    q: p.get('q') ?? '',
    tab: tab === 'commits' || tab === 'compare' || tab === 'graph' ? tab : 'log',
    ...(p.get('base') ? { base: p.get('base') } : {}),
    ...(p.get('graph') === 'compact' ? { graph: 'compact' as const } : {}),
    ...(p.get('ws') ? { ws: p.get('ws') } : {}),
    ...(p.get('at') ? { at: p.get('at') } : {}),
  };
}

/** Query string (with `?`, or '' when everything is default) in a fixed key order so links are stable. */
export function serializeUrlState(s: UrlState): string {
  const p = new URLSearchParams();
  if (s.ws) p.set('ws', s.ws);
  if (s.branch) p.set('branch', s.branch);
  if (s.tab !== 'log') p.set('tab', s.tab);
  if (s.base) p.set('base', s.base);
  if (s.graph) p.set('graph', s.graph);
  if (s.commit) p.set('commit', s.commit);
  if (s.step !== null) p.set('step', String(s.step));
  if (s.k !== null) p.set('k', String(s.k));
  if (s.dialect) p.set('dialect', s.dialect);
  if (s.q) p.set('q', s.q);
  if (s.at) p.set('at', s.at);
  const text = p.toString();
  return text ? `?${text}` : '';
}
