// An exported page (`gcc-studio export --html`) answers the read routes from the memory inlined in it, with no server;
// what needs a server says it is not in the file.
import type { StepsPage } from '../../shared/api.ts';
import { matchRoute } from '../../shared/routes.ts';
import { snapshotContextKey, type PageSnapshot } from '../../shared/snapshot.ts';

export const pageSnapshot: PageSnapshot | null = (globalThis as { __GCC_SNAPSHOT__?: PageSnapshot }).__GCC_SNAPSHOT__ ?? null;

/** The answer to a GET of `path` from the snapshot; `missing(message)` for what the file does not hold. */
export function snapshotAnswer(s: PageSnapshot, path: string, missing: (message: string) => Error): unknown {
  const url = new URL(path, 'http://snapshot.invalid');
  const q = url.searchParams;
  const route = matchRoute('GET', url.pathname);
  if (route?.name === 'workspace') return s.workspace;
  if (route?.name === 'commits') return { branches: s.workspace.branches.map((b) => ({ name: b.name, commits: s.branches[b.name]?.branch.commits ?? [] })) };
  if (route?.name !== 'branch' && route?.name !== 'steps' && route?.name !== 'context') {
    return fail(missing, 'this exported file holds no server: search, compare, edits and the timeline are not in it');
  }
  const name = route.params['name']!;
  const b = s.branches[name];
  if (!b) return fail(missing, `no branch "${name}"`);
  if (route.name === 'branch') return b.branch;
  if (route.name === 'steps') {
    const from = Number(q.get('from') ?? 0);
    const page: StepsPage = { branch: b.branch.branch.name, from, total: b.steps.length, steps: b.steps.slice(from, from + Number(q.get('limit') ?? 200)) };
    return page;
  }
  const context = b.contexts[snapshotContextKey(Number(q.get('k') ?? 1), q.get('dialect') ?? '')];
  return context ?? fail(missing, `CONTEXT for K = ${q.get('k')} in ${q.get('dialect')} was not exported (K up to ${maxK(b.contexts)})`);
}

function maxK(contexts: Record<string, unknown>): number {
  return Math.max(0, ...Object.keys(contexts).map((k) => Number(k.split(':')[0])));
}

function fail(missing: (message: string) => Error, message: string): never {
  throw missing(message);
}
