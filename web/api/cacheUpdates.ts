// Turns one server event into the smallest cache change that makes the page right again; applying an event twice leaves
// the cache as applying it once.
import type { QueryClient } from '@tanstack/react-query';
import type { BranchResponse, BranchSummary, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import type { StudioEvent } from '../../shared/events.ts';
import type { Commit, OtaStep } from '../../shared/types.ts';
import { STEPS_PAGE_SIZE, keys, type GraphCommits } from './queries.ts';

/** Keys of the records an event added, so the page can flash them briefly. */
export type FreshKey = `step:${string}:${number}` | `commit:${string}:${number}` | `branch:${string}`;

/**
 * `replay`: the event was applied before and is being put back onto freshly fetched data; only its positional
 * writes are redone (the dependent queries were already told).
 */
// Appends are written by position (`from` + i): a replay after a reconnect, or a re-application after a fetch that raced
// it, changes nothing more.
export function applyEvent(client: QueryClient, event: StudioEvent, replay = false): FreshKey[] {
  bumpRevision(client, event.id);
  switch (event.type) {
    case 'steps-appended':
      return appendSteps(client, event.branch, event.from, event.steps, replay);
    case 'commits-appended':
      return appendCommits(client, event.branch, event.from, event.commits, replay);
    case 'branch-reloaded':
      replaceSummary(client, event.summary);
      askAgain(client, keys.branch(event.branch));
      askAgain(client, keys.graphCommits());
      client.removeQueries({ queryKey: keys.stepsOf(event.branch), type: 'inactive' });
      askAgain(client, keys.stepsOf(event.branch));
      askAgain(client, keys.contextOf(event.branch));
      askAgain(client, keys.searches());
      return [];
    case 'metadata-changed':
      replaceSummary(client, event.summary);
      return [];
    case 'branch-added':
      replaceSummary(client, event.summary);
      return [`branch:${event.branch}`];
    case 'branch-removed':
      client.setQueryData<WorkspaceResponse>(keys.workspace(), (ws) => ws && { ...ws, branches: ws.branches.filter((b) => b.name !== event.branch) });
      client.removeQueries({ queryKey: keys.branch(event.branch) });
      client.setQueryData<GraphCommits>(keys.graphCommits(), (all) => {
        if (!all || !(event.branch in all)) return all;
        const { [event.branch]: _removed, ...rest } = all;
        return rest;
      });
      client.removeQueries({ queryKey: keys.stepsOf(event.branch) });
      client.removeQueries({ queryKey: keys.contextOf(event.branch) });
      askAgain(client, keys.searches());
      return [];
    case 'roadmap-changed':
      client.setQueryData<WorkspaceResponse>(keys.workspace(), (ws) => ws && { ...ws, roadmap: { text: event.text } });
      // Every branch's CONTEXT starts with the roadmap.
      askAgain(client, keys.contexts());
      return [];
    case 'diagnostics-changed':
      client.setQueryData<WorkspaceResponse>(keys.workspace(), (ws) => ws && { ...ws, diagnostics: event.diagnostics });
      return [];
    case 'record-edited':
      // The edit history (edited marks, Undo) is its own query.
      askAgain(client, ['gcc', 'edits']);
      return [];
    case 'authors-changed':
      // The "via …" marks: who wrote what is its own query, a branch each.
      askAgain(client, keys.authorsAll());
      return [];
    case 'workspace-reset':
      refetchEverything(client);
      return [];
    case 'resync':
      // Events were dropped: what they changed is all the page may lack, and the server says what that was.
      if (event.branches) refetchBranches(client, event.branches);
      else refetchEverything(client);
      return [];
  }
}

/**
 * After a resync that names branches: the workspace summary (counts, the branch list) and those branches' records,
 * CONTEXT and the searches, as `branch-reloaded` does for one; other branches' pages and CONTEXT stay as they are.
 */
export function refetchBranches(client: QueryClient, branches: readonly string[]): void {
  askAgain(client, keys.workspace());
  for (const branch of branches) {
    askAgain(client, keys.branch(branch));
    client.removeQueries({ queryKey: keys.stepsOf(branch), type: 'inactive' });
    askAgain(client, keys.stepsOf(branch));
    askAgain(client, keys.contextOf(branch));
  }
  askAgain(client, keys.searches());
}

/** The only full refetch: after `workspace-reset` or a whole `resync`. Unwatched pages are dropped rather than refetched. */
export function refetchEverything(client: QueryClient): void {
  client.removeQueries({ queryKey: keys.all, type: 'inactive' });
  askAgain(client, keys.all);
}

function bumpRevision(client: QueryClient, id: number): void {
  client.setQueryData<WorkspaceResponse>(keys.workspace(), (ws) => (ws && id > ws.revision ? { ...ws, revision: id } : ws));
}

function patchSummary(client: QueryClient, branch: string, patch: (s: BranchSummary) => BranchSummary): void {
  client.setQueryData<WorkspaceResponse>(
    keys.workspace(),
    (ws) => ws && { ...ws, branches: ws.branches.map((b) => (b.name === branch ? patch(b) : b)) },
  );
  client.setQueryData<BranchResponse>(keys.branch(branch), (br) => br && { ...br, branch: patch(br.branch) });
}

function replaceSummary(client: QueryClient, summary: BranchSummary): void {
  client.setQueryData<WorkspaceResponse>(keys.workspace(), (ws) => {
    if (!ws) return ws;
    const at = ws.branches.findIndex((b) => b.name === summary.name);
    const branches = at === -1 ? [...ws.branches, summary] : ws.branches.map((b, i) => (i === at ? summary : b));
    return { ...ws, branches };
  });
  client.setQueryData<BranchResponse>(keys.branch(summary.name), (br) => br && { ...br, branch: summary });
}

/** The summary after an append ending at `end`: its count at least that, its last activity the newest record's. */
function patchCount(client: QueryClient, branch: string, count: 'stepCount' | 'commitCount', end: number, newest: string | undefined): void {
  patchSummary(client, branch, (s) => ({ ...s, [count]: Math.max(s[count], end), lastActivity: newest === undefined ? s.lastActivity : newest }));
}

function appendSteps(client: QueryClient, branch: string, from: number, steps: readonly OtaStep[], replay: boolean): FreshKey[] {
  if (steps.length === 0) return [];
  const end = from + steps.length;
  patchCount(client, branch, 'stepCount', end, steps[steps.length - 1]?.timestamp);

  const firstPage = Math.floor(from / STEPS_PAGE_SIZE);
  const lastPage = Math.floor((end - 1) / STEPS_PAGE_SIZE);
  for (let page = firstPage; page <= lastPage; page++) {
    const pageStart = page * STEPS_PAGE_SIZE;
    const lo = Math.max(from, pageStart);
    const hi = Math.min(end, pageStart + STEPS_PAGE_SIZE);
    const slice = steps.slice(lo - from, hi - from);
    const key = keys.stepsPage(branch, page);
    const cached = client.getQueryData<StepsPage>(key);
    if (cached) {
      if (lo - pageStart > cached.steps.length) {
        // A hole between what we hold and what arrived: we missed something, so ask again.
        void client.invalidateQueries({ queryKey: key, exact: true });
        continue;
      }
      const next = cached.steps.slice();
      slice.forEach((s, i) => (next[lo - pageStart + i] = s));
      client.setQueryData<StepsPage>(key, { ...cached, total: Math.max(cached.total, end), steps: next });
    } else if (lo === pageStart) {
      // The page starts with these steps: create it, so following the tail never needs a request.
      client.setQueryData<StepsPage>(key, { branch, from: pageStart, total: end, steps: slice });
    }
  }
  if (!replay) invalidateDependents(client, branch);
  return steps.map((_, i) => `step:${branch}:${from + i}` as const);
}

function appendCommits(client: QueryClient, branch: string, from: number, commits: readonly Commit[], replay: boolean): FreshKey[] {
  if (commits.length === 0) return [];
  const end = from + commits.length;
  // Summary first: writing it marks the branch query fresh, which must not undo an invalidation below.
  patchCount(client, branch, 'commitCount', end, commits[commits.length - 1]?.timestamp);
  const key = keys.branch(branch);
  const cached = client.getQueryData<BranchResponse>(key);
  if (cached && from > cached.commits.length) {
    void client.invalidateQueries({ queryKey: key, exact: true });
  } else if (cached) {
    const next = cached.commits.slice();
    commits.forEach((c, i) => (next[from + i] = c));
    client.setQueryData<BranchResponse>(key, { ...cached, commits: next });
  }
  appendGraphCommits(client, branch, from, commits);
  if (!replay) invalidateDependents(client, branch);
  return commits.map((_, i) => `commit:${branch}:${from + i}` as const);
}

/** The graph's commits of every branch: a branch it does not hold yet (just created) starts with these. */
function appendGraphCommits(client: QueryClient, branch: string, from: number, commits: readonly Commit[]): void {
  const all = client.getQueryData<GraphCommits>(keys.graphCommits());
  if (!all) return;
  const held = all[branch] ?? [];
  if (from > held.length) {
    void client.invalidateQueries({ queryKey: keys.graphCommits(), exact: true });
    return;
  }
  const next = held.slice();
  commits.forEach((c, i) => (next[from + i] = c));
  client.setQueryData<GraphCommits>(keys.graphCommits(), { ...all, [branch]: next });
}

/** CONTEXT text and search answers are computed by the server from the records: ask again. */
function invalidateDependents(client: QueryClient, branch: string): void {
  askAgain(client, keys.contextOf(branch));
  askAgain(client, keys.searches());
}

/**
 * Invalidates, first fetches included: a query's first fetch (no data yet) is joined by a refetch, not cancelled, so
 * an answer asked before a change and arriving after it would stand (a first CONTEXT waits seconds for the token
 * worker to start). Such fetches are cancelled first, then asked again.
 */
function askAgain(client: QueryClient, queryKey: readonly unknown[]): void {
  const firstFetch = { queryKey, predicate: (q: { state: { data: unknown; fetchStatus: string } }) => q.state.data === undefined && q.state.fetchStatus === 'fetching' };
  if (client.isFetching(firstFetch) === 0) {
    void client.invalidateQueries({ queryKey });
    return;
  }
  void client.cancelQueries(firstFetch).then(() => client.invalidateQueries({ queryKey }));
}
