// Hand edits saved while an agent appends 200 records a second under its flock: every appended record stays, in order
// and whole, and every edit took effect or was refused without touching the file.
import { CORPUS } from '../../fixtures/corpus.ts';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommits } from '../../shared/gcc/read/commits.ts';
import type { EditHistoryResponse } from '../../shared/gcc/write/edit.ts';
import { commitVersion, stepVersion } from '../../shared/gcc/write/edit-version.ts';
import { parseLog } from '../../shared/gcc/read/log.ts';
import type { Commit, OtaStep } from '../../shared/types.ts';
import { createApp } from '../http/app.ts';
import { parseBurstObservation } from '../test-support/burst.ts';
import { openFlockSession } from '../test-support/flock-session.ts';
import { startLockedBurstWriter } from '../test-support/locked-burst.ts';
import { createEventBus } from '../live/event-bus.ts';
import { securityOptionsFor } from '../http/security.ts';
import { createStore } from '../live/store.ts';
import { LockTimeoutError, withWorkspaceLock } from './workspace-lock.ts';

const TOKEN = 'concurrent-edit-token-0123456789';
const PORT = 4783;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const RATE = 200;
const OPS = 1400;
const COMMIT_EVERY = 4;
const EDITS = 100;

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-edit-race-'));
  temps.push(dir);
  const gccDir = join(dir, '.GCC');
  cpSync(join(CORPUS, 'python', '.GCC'), gccDir, { recursive: true });
  return { dir, gccDir };
}

describe('hand edits while an agent appends', () => {
  it('the Node flock session and the server lock exclude each other', async () => {
    const { gccDir } = workspace();
    const agent = await openFlockSession(join(gccDir, '.lock'));
    await agent.lock();
    await expect(withWorkspaceLock(gccDir, 'python', async () => 'got it', { timeoutMs: 300 })).rejects.toBeInstanceOf(LockTimeoutError);
    await agent.unlock();
    await expect(withWorkspaceLock(gccDir, 'python', async () => 'got it', { timeoutMs: 2000 })).resolves.toBe('got it');
    await agent.close();
  });

  it(`${EDITS} edits against ${RATE} appends/s: every append kept in order, every edit applied or refused`, { timeout: 60_000 }, async () => {
    const { dir, gccDir } = workspace();
    const logPath = join(gccDir, 'branches/main/log.md');
    const commitPath = join(gccDir, 'branches/main/commit.md');
    const readSteps = () => parseLog(new Uint8Array(readFileSync(logPath)), { file: 'branches/main/log.md', dialect: 'python' });
    const readCommits = () => parseCommits(new Uint8Array(readFileSync(commitPath)), { file: 'branches/main/commit.md', branch: 'main', dialect: 'python' });
    const initialSteps = readSteps();
    const initialCommits = readCommits();

    const bus = createEventBus(64);
    const store = createStore({ gccDir, root: dir, readOnly: false, bus });
    await store.load();
    const app = createApp({ store, bus, security: securityOptionsFor('127.0.0.1', PORT, TOKEN), gccDir, webDir: dir });
    const patch = (path: string, body: unknown) =>
      app.request(`${ORIGIN}${path}`, {
        method: 'PATCH',
        headers: { host: HOST, authorization: `Bearer ${TOKEN}`, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const writer = startLockedBurstWriter(gccDir, 'main', OPS, RATE, { firstStep: initialSteps.steps.length + 1, commitEvery: COMMIT_EVERY, untilStopped: true });
    // Start editing once the agent is visibly writing.
    await expect.poll(() => readSteps().steps.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(initialSteps.steps.length + 5);

    /** Per record key: the value of the last edit that was accepted. */
    const accepted = new Map<string, string>();
    const outcomes: { status: number; at: number }[] = [];
    let stale: { path: string; body: unknown } | null = null;
    for (let k = 0; k < EDITS; k++) {
      const value = `edited-${k}`;
      let path: string;
      let body: { version: string; fields: Record<string, string>; commitId?: string; step?: number };
      let key: string;
      if (k % 10 === 9 && stale) {
        // An edit made from a record someone else has changed since: must be refused.
        const r = await patch(stale.path, stale.body);
        outcomes.push({ status: r.status, at: performance.timeOrigin + performance.now() });
        expect(r.status).toBe(409);
        continue;
      }
      if (k % 3 === 0) {
        const commits = readCommits().commits;
        // Mostly the newest records (where the agent is writing), some old ones.
        const index = k % 2 === 0 ? commits.length - 1 - (k % 3) : k % commits.length;
        const c = commits[Math.max(0, index)]!;
        const at = commits.indexOf(c);
        path = `/api/branches/main/commits/${at}`;
        body = { commitId: c.commitId, version: commitVersion(c), fields: { branchPurpose: value } };
        key = `commit:${at}`;
      } else {
        const steps = readSteps().steps;
        const at = k % 2 === 0 ? steps.length - 1 - (k % 4) : (k * 7) % steps.length;
        const s = steps[at]!;
        path = `/api/branches/main/steps/${at}`;
        body = { step: s.step, version: stepVersion(s), fields: { thought: value } };
        key = `step:${at}`;
      }
      const r = await patch(path, body);
      outcomes.push({ status: r.status, at: performance.timeOrigin + performance.now() });
      expect([200, 409]).toContain(r.status);
      if (r.status === 200) {
        accepted.set(key, value);
        // The same request sent again later carries a version that this very edit made stale.
        stale = { path, body: { ...body, fields: Object.fromEntries(Object.keys(body.fields).map((f) => [f, `${value}-again`])) } };
      }
    }
    writer.stop();
    const result = await writer.done;

    // The edits really ran while the agent was writing.
    const lastEdit = outcomes[outcomes.length - 1]!.at;
    expect(lastEdit).toBeLessThan(result.endedAt);
    expect(result.written).toBeGreaterThanOrEqual(OPS);
    const seconds = (result.endedAt - result.startedAt) / 1000;
    console.log(`${result.written} appends in ${seconds.toFixed(2)} s (${(result.written / seconds).toFixed(0)}/s); ${outcomes.filter((o) => o.status === 200).length} edits saved, ${outcomes.filter((o) => o.status === 409).length} refused`);

    const finalSteps = readSteps();
    const finalCommits = readCommits();
    // Every appended step and commit, in order, none torn, none twice.
    const stepSeqs = finalSteps.steps.map((s) => parseBurstObservation(s.observation)?.seq).filter((x): x is number => x !== undefined);
    const commitSeqs = finalCommits.commits.map((c) => /^seq=(\d+) commit$/.exec(c.thisCommitContribution)?.[1]).filter((x) => x !== undefined).map(Number);
    const all = Array.from({ length: result.written }, (_, i) => i + 1);
    expect(stepSeqs).toEqual(all.filter((i) => i % COMMIT_EVERY !== 0));
    expect(commitSeqs).toEqual(all.filter((i) => i % COMMIT_EVERY === 0));
    expect(finalSteps.steps.length).toBe(initialSteps.steps.length + stepSeqs.length);
    expect(finalCommits.commits.length).toBe(initialCommits.commits.length + commitSeqs.length);
    expect(finalSteps.pending).toBeNull();
    expect(finalSteps.diagnostics).toEqual(initialSteps.diagnostics);
    expect(finalCommits.diagnostics).toEqual(initialCommits.diagnostics);
    // Step numbers run on from the corpus's, as Python numbers them.
    expect(finalSteps.steps.map((s) => s.step).slice(initialSteps.steps.length)).toEqual(stepSeqs.map((_, i) => initialSteps.steps.length + 1 + i));

    // Each record: the last accepted edit's value, or what the agent wrote; nothing else changed.
    const agentStep = (s: OtaStep, i: number): Partial<OtaStep> => (i < initialSteps.steps.length ? { thought: initialSteps.steps[i]!.thought } : { thought: 'burst' });
    finalSteps.steps.forEach((s, i) => {
      expect(s.thought).toBe(accepted.get(`step:${i}`) ?? agentStep(s, i).thought);
      if (i < initialSteps.steps.length) expect({ ...s, thought: '', range: null }).toEqual({ ...initialSteps.steps[i]!, thought: '', range: null });
    });
    finalCommits.commits.forEach((c: Commit, i) => {
      const original = i < initialCommits.commits.length ? initialCommits.commits[i]!.branchPurpose : 'burst';
      expect(c.branchPurpose).toBe(accepted.get(`commit:${i}`) ?? original);
    });

    // One history entry per saved edit.
    const history = (await (await app.request(`${ORIGIN}/api/edits`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } })).json()) as EditHistoryResponse;
    expect(history.entries.length).toBe(outcomes.filter((o) => o.status === 200).length);
    expect(accepted.size).toBeGreaterThan(EDITS / 2);
  });
});
