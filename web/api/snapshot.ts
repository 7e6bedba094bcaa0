// An exported page (`gcc-studio export --html`) carries the memory it shows inlined as `window.__GCC_SNAPSHOT__`: the
// client answers the read routes from it, with no server and no network. Search and compare run the same pure code
// the server's routes run (shared/search.ts, shared/gcc/compare) over the records the file holds; what needs a server
// (edits, merges, the timeline, the live stream) is not offered. A fleet's export holds one such memory per workspace.
import type { BranchResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
import { compareAnswer } from '../../shared/gcc/compare/compare-answer.ts';
import type { EditEntry } from '../../shared/gcc/write/edit.ts';
import { searchAnswer } from '../../shared/search.ts';
import type { MomentInfo } from '../../shared/timeline-api.ts';
import type { OtaStep } from '../../shared/types.ts';
import { currentWorkspace } from './workspaceParam.ts';

export interface PageSnapshot {
  /** When it was exported, and the moment it shows (null: the memory as it was at export). */
  exportedAt: string;
  moment: MomentInfo | null;
  workspace: WorkspaceResponse;
  branches: Record<string, { branch: BranchResponse; steps: OtaStep[]; contexts: Record<string, unknown> }>;
  /** The hand edits saved up to the moment (their "edited" marks); absent in files exported before they were kept. */
  edits?: EditEntry[];
}

/** `export ROOT --html` of a fleet: its rows, and each workspace's memory by its id (`?ws=`). */
export interface FleetSnapshot {
  exportedAt: string;
  fleet: FleetResponse;
  workspaces: Record<string, PageSnapshot>;
}

export type ExportedFile = PageSnapshot | FleetSnapshot;

const exported: ExportedFile | null = (globalThis as { __GCC_SNAPSHOT__?: ExportedFile }).__GCC_SNAPSHOT__ ?? null;

/** Whether this page is an exported file (no server behind it). */
export const isExportedPage = exported !== null;

/** When the file was exported (epoch ms): an exported page judges ages and badges as of then; null on a live page. */
export const exportedAtMs: number | null = exported ? Date.parse(exported.exportedAt) : null;

const isFleet = (file: ExportedFile): file is FleetSnapshot => 'fleet' in file;

/** The workspace's memory this page shows: the file's, or in a fleet's file the one `?ws=` names (null: the fleet). */
export const pageSnapshot: PageSnapshot | null = exported && (isFleet(exported) ? (exported.workspaces[currentWorkspace ?? ''] ?? null) : exported);

/** The key of a CONTEXT answer in a snapshot. */
export const contextKey = (k: number, dialect: string): string => `${k}:${dialect}`;

/** Results a search in an exported page lists at most (as the server's route allows). */
const MAX_SEARCH_LIMIT = 500;

/** The answer to a GET of `path` from the exported file; `missing(message)` for what the file does not hold. */
export function exportedAnswer(path: string, missing: (message: string) => Error, file: ExportedFile | null = exported, ws: string | null = currentWorkspace): unknown {
  if (!file) return fail(missing, 'this page is not an exported file');
  const url = new URL(path, 'http://snapshot.invalid');
  if (url.pathname === '/api/fleet') return isFleet(file) ? file.fleet : { mode: 'single' };
  const s = isFleet(file) ? file.workspaces[ws ?? ''] : file;
  if (!s) return fail(missing, ws ? `no workspace "${ws}" in this file` : 'this file holds a fleet: open one of its workspaces');
  return snapshotAnswer(s, path, missing);
}

/** The answer to a GET of `path` from one workspace's snapshot. */
export function snapshotAnswer(s: PageSnapshot, path: string, missing: (message: string) => Error): unknown {
  const url = new URL(path, 'http://snapshot.invalid');
  const q = url.searchParams;
  switch (url.pathname) {
    case '/api/workspace':
      return s.workspace;
    case '/api/commits':
      return { branches: s.workspace.branches.map((b) => ({ name: b.name, commits: s.branches[b.name]?.branch.commits ?? [] })) };
    case '/api/edits':
      return { entries: s.edits ?? [] };
    case '/api/search': {
      const branches = s.workspace.branches.map((b) => ({ name: b.name, commits: s.branches[b.name]?.branch.commits ?? [], steps: s.branches[b.name]?.steps ?? [] }));
      return searchAnswer(q.get('q') ?? '', branches, Math.min(MAX_SEARCH_LIMIT, Math.max(1, Number(q.get('limit') ?? 50) || 50)));
    }
    case '/api/compare': {
      const side = (b: WorkspaceResponse['branches'][number]) => ({ name: b.name, metadata: b.metadata, dialect: b.dialect, commits: s.branches[b.name]?.branch.commits ?? [], steps: s.branches[b.name]?.steps ?? [] });
      const outcome = compareAnswer(s.workspace.branches, side, q.get('head') ?? '', q.get('base') || null);
      // A merge cut short is seen in the folder (an intent record), which the file does not hold.
      return 'missing' in outcome ? fail(missing, outcome.missing) : { ...outcome.answer, partialMerges: [] };
    }
  }
  const m = /^\/api\/branches\/([^/]+)(\/steps|\/context)?$/.exec(url.pathname);
  if (!m) return fail(missing, 'an exported file holds no server: edits, merges and the timeline are not in it');
  const b = s.branches[decodeURIComponent(m[1]!)];
  if (!b) return fail(missing, `no branch "${decodeURIComponent(m[1]!)}"`);
  if (m[2] === undefined) return b.branch;
  if (m[2] === '/steps') {
    const from = Number(q.get('from') ?? 0);
    const page: StepsPage = { branch: b.branch.branch.name, from, total: b.steps.length, steps: b.steps.slice(from, from + Number(q.get('limit') ?? 200)) };
    return page;
  }
  const context = b.contexts[contextKey(Number(q.get('k') ?? 1), q.get('dialect') ?? '')];
  return context ?? fail(missing, `CONTEXT for K = ${q.get('k')} in ${q.get('dialect')} was not exported (K up to ${maxK(b.contexts)})`);
}

function maxK(contexts: Record<string, unknown>): number {
  return Math.max(0, ...Object.keys(contexts).map((k) => Number(k.split(':')[0])));
}

function fail(missing: (message: string) => Error, message: string): never {
  throw missing(message);
}
