// Live events applied to the query cache: exactly the affected keys patched or invalidated.
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { BranchResponse, BranchSummary, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import type { StudioEvent } from '../../shared/events.ts';
import type { Commit, OtaStep } from '../../shared/types.ts';
import { applyEvent } from './cacheUpdates.ts';
import { STEPS_PAGE_SIZE, keys, type GraphCommits } from './queries.ts';

const step = (n: number): OtaStep => ({
  step: n,
  timestamp: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`,
  observation: `o${n}`,
  thought: `t${n}`,
  action: `a${n}`,
  range: { start: n, end: n + 1 },
});
const commit = (id: string): Commit => ({
  commitId: id,
  branchName: 'main',
  branchPurpose: 'p',
  previousProgressSummary: 'x',
  thisCommitContribution: `did ${id}`,
  timestamp: '2026-01-01T00:01:00Z',
  range: { start: 0, end: 0 },
});
const summary = (name: string, stepCount: number, commitCount = 0): BranchSummary => ({
  name,
  metadata: null,
  purpose: null,
  createdFrom: null,
  status: 'active',
  mergedInto: null,
  dialect: 'python',
  commitCount,
  stepCount,
  lastActivity: null,
});

function setup(stepCount: number, commits: Commit[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const ws: WorkspaceResponse = {
    present: true,
    root: '/w',
    readOnly: false,
    revision: 1,
    roadmap: { text: 'r' },
    branches: [summary('main', stepCount, commits.length)],
    diagnostics: [],
  };
  client.setQueryData(keys.workspace(), ws);
  client.setQueryData<BranchResponse>(keys.branch('main'), { branch: summary('main', stepCount, commits.length), commits });
  const steps = Array.from({ length: stepCount }, (_, i) => step(i + 1));
  for (let p = 0; p * STEPS_PAGE_SIZE < stepCount; p++) {
    client.setQueryData<StepsPage>(keys.stepsPage('main', p), {
      branch: 'main',
      from: p * STEPS_PAGE_SIZE,
      total: stepCount,
      steps: steps.slice(p * STEPS_PAGE_SIZE, (p + 1) * STEPS_PAGE_SIZE),
    });
  }
  const page = (p: number) => client.getQueryData<StepsPage>(keys.stepsPage('main', p));
  const wsNow = () => client.getQueryData<WorkspaceResponse>(keys.workspace())!;
  return { client, page, wsNow };
}

describe('applyEvent: steps-appended', () => {
  it('appends into the cached page, bumps counts and revision, and is idempotent', () => {
    const { client, page, wsNow } = setup(3);
    const ev: StudioEvent = { type: 'steps-appended', id: 7, branch: 'main', from: 3, steps: [step(4), step(5)] };
    expect(applyEvent(client, ev)).toEqual(['step:main:3', 'step:main:4']);
    applyEvent(client, ev);
    expect(page(0)!.steps.map((s) => s.step)).toEqual([1, 2, 3, 4, 5]);
    expect(wsNow().branches[0]!.stepCount).toBe(5);
    expect(wsNow().revision).toBe(7);
    expect(client.getQueryData<BranchResponse>(keys.branch('main'))!.branch.stepCount).toBe(5);
  });

  it('splits an append across a page boundary and creates the next page', () => {
    const { client, page } = setup(STEPS_PAGE_SIZE - 1);
    applyEvent(client, { type: 'steps-appended', id: 2, branch: 'main', from: STEPS_PAGE_SIZE - 1, steps: [step(900), step(901), step(902)] });
    expect(page(0)!.steps).toHaveLength(STEPS_PAGE_SIZE);
    expect(page(0)!.steps.at(-1)!.step).toBe(900);
    expect(page(1)).toEqual({ branch: 'main', from: STEPS_PAGE_SIZE, total: STEPS_PAGE_SIZE + 2, steps: [step(901), step(902)] });
  });

  it('invalidates a page when the append leaves a hole, instead of writing past it', () => {
    const { client, page } = setup(3);
    applyEvent(client, { type: 'steps-appended', id: 2, branch: 'main', from: 10, steps: [step(11)] });
    expect(page(0)!.steps).toHaveLength(3);
    expect(client.getQueryState(keys.stepsPage('main', 0))!.isInvalidated).toBe(true);
  });

  it('does not invent a page whose start it has not seen', () => {
    const { client, page } = setup(0);
    applyEvent(client, { type: 'steps-appended', id: 2, branch: 'main', from: STEPS_PAGE_SIZE + 5, steps: [step(1)] });
    expect(page(1)).toBeUndefined();
  });
});

describe('applyEvent: commits and branches', () => {
  it('adds commits by position (twice is once) and invalidates on a gap', () => {
    const { client, wsNow } = setup(0, [commit('a')]);
    const ev: StudioEvent = { type: 'commits-appended', id: 3, branch: 'main', from: 1, commits: [commit('b')] };
    applyEvent(client, ev);
    applyEvent(client, ev);
    expect(client.getQueryData<BranchResponse>(keys.branch('main'))!.commits.map((c) => c.commitId)).toEqual(['a', 'b']);
    expect(wsNow().branches[0]!.commitCount).toBe(2);
    applyEvent(client, { type: 'commits-appended', id: 4, branch: 'main', from: 5, commits: [commit('z')] });
    expect(client.getQueryState(keys.branch('main'))!.isInvalidated).toBe(true);
  });

  it("keeps the graph's commits of every branch: appended by position, a new branch from its first, a gap or a reload refetched, a removed branch dropped", () => {
    const { client } = setup(0, [commit('a')]);
    const graph = () => client.getQueryData<GraphCommits>(keys.graphCommits())!;
    const ids = (name: string) => graph()[name]?.map((c) => c.commitId);
    client.setQueryData<GraphCommits>(keys.graphCommits(), { main: [commit('a')], other: [] });
    const untouched = graph().other;
    const ev: StudioEvent = { type: 'commits-appended', id: 3, branch: 'main', from: 1, commits: [commit('b')] };
    applyEvent(client, ev);
    applyEvent(client, ev);
    expect(ids('main')).toEqual(['a', 'b']);
    expect(graph().other).toBe(untouched);
    applyEvent(client, { type: 'commits-appended', id: 4, branch: 'new', from: 0, commits: [commit('n')] });
    expect(ids('new')).toEqual(['n']);
    applyEvent(client, { type: 'branch-removed', id: 5, branch: 'new' });
    expect(Object.keys(graph()).sort()).toEqual(['main', 'other']);
    expect(client.getQueryState(keys.graphCommits())!.isInvalidated).toBe(false);
    applyEvent(client, { type: 'commits-appended', id: 6, branch: 'main', from: 5, commits: [commit('z')] });
    expect(ids('main')).toEqual(['a', 'b']);
    expect(client.getQueryState(keys.graphCommits())!.isInvalidated).toBe(true);
    client.setQueryData<GraphCommits>(keys.graphCommits(), { main: [commit('a')] });
    applyEvent(client, { type: 'branch-reloaded', id: 7, branch: 'main', summary: summary('main', 0, 1) });
    expect(client.getQueryState(keys.graphCommits())!.isInvalidated).toBe(true);
  });

  it('adds, updates and removes branches in the workspace', () => {
    const { client, wsNow } = setup(0);
    expect(applyEvent(client, { type: 'branch-added', id: 2, branch: 'x', summary: summary('x', 0) })).toEqual(['branch:x']);
    expect(wsNow().branches.map((b) => b.name)).toEqual(['main', 'x']);
    applyEvent(client, { type: 'metadata-changed', id: 3, branch: 'x', summary: { ...summary('x', 0), status: 'merged', mergedInto: 'main' } });
    expect(wsNow().branches[1]!.status).toBe('merged');
    applyEvent(client, { type: 'branch-removed', id: 4, branch: 'x' });
    expect(wsNow().branches.map((b) => b.name)).toEqual(['main']);
  });

  it('replaces roadmap and diagnostics, and a resync invalidates everything', () => {
    const { client, wsNow } = setup(2);
    applyEvent(client, { type: 'roadmap-changed', id: 2, text: 'new' });
    applyEvent(client, { type: 'diagnostics-changed', id: 3, diagnostics: [{ file: 'main.md', line: 1, severity: 'warning', code: 'x', message: 'm' }] });
    expect(wsNow().roadmap.text).toBe('new');
    expect(wsNow().diagnostics).toHaveLength(1);
    applyEvent(client, { type: 'resync', id: 9 });
    // Nothing observes these queries in a test, so a resync drops them rather than refetching them.
    expect(client.getQueryData(keys.workspace())).toBeUndefined();
  });

  it('after a resync naming branches, refetches those and the workspace summary, and leaves the other branches be', () => {
    const { client } = setup(3);
    client.setQueryData<StepsPage>(keys.stepsPage('side', 0), { branch: 'side', from: 0, total: 1, steps: [step(1)] });
    client.setQueryData(keys.context('side', 3, 'python'), { text: 'side context' });
    client.setQueryData(keys.context('main', 3, 'python'), { text: 'main context' });
    client.setQueryData(keys.search('x', 20), { hits: [] });
    const invalidated = (key: readonly unknown[]) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;
    applyEvent(client, { type: 'resync', id: 9, branches: ['main'] });
    expect(invalidated(keys.workspace())).toBe(true);
    expect(invalidated(keys.branch('main'))).toBe(true);
    expect(invalidated(keys.context('main', 3, 'python'))).toBe(true);
    expect(invalidated(keys.search('x', 20))).toBe(true);
    // Unobserved step pages of the resynced branch are dropped (refetched when looked at), not patched.
    expect(client.getQueryData(keys.stepsPage('main', 0))).toBeUndefined();
    expect(client.getQueryData<StepsPage>(keys.stepsPage('side', 0))!.steps).toHaveLength(1);
    expect(invalidated(keys.stepsPage('side', 0))).toBe(false);
    expect(invalidated(keys.context('side', 3, 'python'))).toBe(false);
    expect(client.getQueryData<WorkspaceResponse>(keys.workspace())!.revision).toBe(9);
  });
});

describe('applyEvent: an answer asked before the change', () => {
  it('a CONTEXT whose first fetch was in flight when steps arrived is asked again (a refetch would only join it)', async () => {
    const client = new QueryClient();
    const answers: ((v: string) => void)[] = [];
    const key = keys.context('main', 1, 'python');
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => new Promise<string>((done) => answers.push(done)) });
    const unsubscribe = observer.subscribe(() => {});
    await Promise.resolve();
    expect(answers).toHaveLength(1);
    const step: OtaStep = { step: 10, timestamp: 't', observation: 'o', thought: 't', action: 'a', range: { start: 0, end: 1 } };
    applyEvent(client, { type: 'steps-appended', id: 1, branch: 'main', from: 9, steps: [step] } as StudioEvent);
    answers[0]!('before the step');
    await new Promise((r) => setTimeout(r, 0));
    expect(answers).toHaveLength(2);
    answers[1]!('after the step');
    await new Promise((r) => setTimeout(r, 0));
    expect(client.getQueryData(key)).toBe('after the step');
    unsubscribe();
  });
});
