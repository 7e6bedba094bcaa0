// An exported page (`gcc-studio export --html`) answers the read routes from the memory inlined in it, with no server.
// Search and compare run the same pure code as the server's routes; what needs a server says it is not in the file.
import type { StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import { compareAnswer } from '../../shared/gcc/compare/compare-answer.ts';
import { matchRoute } from '../../shared/routes.ts';
import { searchAnswer } from '../../shared/search.ts';
import { isFleetSnapshot, snapshotContextKey, type ExportedFile, type PageSnapshot } from '../../shared/snapshot.ts';
import { currentWorkspace } from './workspaceParam.ts';

const exported: ExportedFile | null = (globalThis as { __GCC_SNAPSHOT__?: ExportedFile }).__GCC_SNAPSHOT__ ?? null;

/** Whether this page is an exported file (no server behind it). */
export const isExportedPage = exported !== null;

/** When the file was exported, as it says (ISO 8601); null on a live page. */
export const exportedAt: string | null = exported?.exportedAt ?? null;

/** When the file was exported (epoch ms): an exported page judges ages and badges as of then; null on a live page. */
export const exportedAtMs: number | null = exported ? Date.parse(exported.exportedAt) : null;

/** The workspace's memory this page shows: the file's, or in a fleet's file the one `?ws=` names (null: the fleet). */
export const pageSnapshot: PageSnapshot | null =
  exported && (isFleetSnapshot(exported) ? (exported.workspaces[currentWorkspace ?? ''] ?? null) : exported);

/** Results a search in an exported page lists at most (as the server's route allows). */
const MAX_SEARCH_LIMIT = 500;

/** The answer to a GET of `path` from the exported file; `missing(message)` for what the file does not hold. */
export function exportedAnswer(path: string, missing: (message: string) => Error, file: ExportedFile | null = exported, ws: string | null = currentWorkspace): unknown {
  if (!file) return fail(missing, 'this page is not an exported file');
  const url = new URL(path, 'http://snapshot.invalid');
  if (matchRoute('GET', url.pathname)?.name === 'fleet') return isFleetSnapshot(file) ? file.fleet : { mode: 'single' };
  const s = isFleetSnapshot(file) ? file.workspaces[ws ?? ''] : file;
  if (!s) return fail(missing, ws ? `no workspace "${ws}" in this file` : 'this file holds a fleet: open one of its workspaces');
  return snapshotAnswer(s, path, missing);
}

/** The answer to a GET of `path` from one workspace's snapshot. */
export function snapshotAnswer(s: PageSnapshot, path: string, missing: (message: string) => Error): unknown {
  const url = new URL(path, 'http://snapshot.invalid');
  const q = url.searchParams;
  const route = matchRoute('GET', url.pathname);
  const records = (name: string) => ({ commits: s.branches[name]?.branch.commits ?? [], steps: s.branches[name]?.steps ?? [] });
  switch (route?.name) {
    case 'workspace':
      return s.workspace;
    case 'commits':
      return { branches: s.workspace.branches.map((b) => ({ name: b.name, commits: records(b.name).commits })) };
    case 'editHistory':
      return { entries: s.edits ?? [] };
    case 'mergeHistory':
      // No server merged anything in an exported file: nothing to undo.
      return { entries: [] };
    case 'authors':
      // Who wrote what is kept beside .GCC/, not in the file: no marks.
      return { branch: q.get('branch') ?? '', authors: [] };
    case 'search': {
      const branches = s.workspace.branches.map((b) => ({ name: b.name, ...records(b.name) }));
      return searchAnswer(q.get('q') ?? '', branches, Math.min(MAX_SEARCH_LIMIT, Math.max(1, Number(q.get('limit') ?? 50) || 50)));
    }
    case 'compare': {
      const side = (b: WorkspaceResponse['branches'][number]) => ({ name: b.name, metadata: b.metadata, dialect: b.dialect, ...records(b.name) });
      const outcome = compareAnswer(s.workspace.branches, side, q.get('head') ?? '', q.get('base') || null);
      // A merge cut short is seen in the folder (an intent record), which the file does not hold.
      return 'missing' in outcome ? fail(missing, outcome.missing) : { ...outcome.answer, partialMerges: [] };
    }
    case 'branch':
    case 'steps':
    case 'context':
      break;
    default:
      return fail(missing, 'an exported file holds no server: edits, merges and the timeline are not in it');
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
