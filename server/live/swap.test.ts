// .GCC/ changed under a running server as tools and people do it (swapped in two renames, deleted and made again, a
// folder renamed, a file replaced by a folder): read as it is afterwards, without a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BranchResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import { serializeStep } from '../../shared/gcc/write/log-write.ts';
import { PythonGccWriter, pythonTimestamp } from '../demo/python-writer.ts';
import { startServer, type RunningServer } from '../http/serve.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function project(): Promise<{ dir: string; gcc: string; server: RunningServer }> {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-swap-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const server = await startServer({ dir, port: 0, open: false, token: 'swap-test-token', log: () => {}, warn: () => {} });
  cleanups.push(() => server.close());
  // Changed under a server that watches: the watcher starts once a first screen is in (serve.ts firstAnswerGate),
  // at most 2 s after the first answer, and what was written before it is read then.
  await api(server, '/api/workspace');
  await server.live.watching;
  return { dir, gcc: join(dir, '.GCC'), server };
}

async function api<T>(server: RunningServer, path: string): Promise<T> {
  const res = await fetch(new URL(path, server.url), { headers: { authorization: `Bearer ${server.token}` } });
  return (await res.json()) as T;
}

/** Branch name → number of steps, as the server answers now. */
async function shape(server: RunningServer): Promise<Record<string, number>> {
  const ws = await api<WorkspaceResponse>(server, '/api/workspace');
  return Object.fromEntries(ws.branches.map((b) => [b.name, b.stepCount]));
}

const observations = async (server: RunningServer, branch: string) =>
  (await api<StepsPage>(server, `/api/branches/${branch}/steps?limit=1000`)).steps.map((s) => s.observation);

/** A step as Python's writer appends it, written by hand (for a folder no writer object knows by that name). */
const pythonStep = (step: number, observation: string) =>
  serializeStep({ step, timestamp: pythonTimestamp(Date.now() * 1000), observation, thought: 't', action: 'a' }, 'python');

const quiet = () => new Promise((resolve) => setTimeout(resolve, 300));

function writeSteps(w: PythonGccWriter, branch: string, label: string, n: number): void {
  for (let i = 1; i <= n; i++) w.logStep(branch, { observation: `${label} ${i}`, thought: 't', action: 'a' });
}

describe('a .GCC/ changed under the running server', () => {
  it('follows a fast swap (mv .GCC .GCC-old && mv .GCC-new .GCC): new branches and steps, and writes after it', async () => {
    const { dir, gcc, server } = await project();
    const old = PythonGccWriter.init(gcc, 'Old roadmap.');
    writeSteps(old, 'main', 'old', 3);
    await expect.poll(() => shape(server)).toEqual({ main: 3 });

    const next = PythonGccWriter.init(join(dir, '.GCC-new'), 'New roadmap.');
    writeSteps(next, 'main', 'new', 5);
    next.createBranch('side', 'A side quest', 'main');
    writeSteps(next, 'side', 'side', 2);
    // Past the watcher's re-checks of the last writes: only noticing the swap itself can find the new folder.
    await quiet();
    renameSync(gcc, join(dir, '.GCC-old'));
    renameSync(join(dir, '.GCC-new'), gcc);

    await expect.poll(() => shape(server), { timeout: 10_000 }).toEqual({ main: 5, side: 2 });
    expect(await observations(server, 'main')).toEqual(['new 1', 'new 2', 'new 3', 'new 4', 'new 5']);
    expect((await api<WorkspaceResponse>(server, '/api/workspace')).roadmap.text).toContain('New roadmap.');

    // The writer of the new folder goes on; the old folder, moved aside, is no longer ours.
    const after = new PythonGccWriter(gcc, next.state);
    writeSteps(after, 'side', 'later', 1);
    writeSteps(new PythonGccWriter(join(dir, '.GCC-old'), old.state), 'main', 'stale', 4);
    await expect.poll(() => shape(server), { timeout: 10_000 }).toEqual({ main: 5, side: 3 });
  });

  it('swaps back and forth quickly and ends on what is on disk', async () => {
    const { dir, gcc, server } = await project();
    writeSteps(PythonGccWriter.init(gcc, 'A.'), 'main', 'a', 1);
    writeSteps(PythonGccWriter.init(join(dir, 'B'), 'B.'), 'main', 'b', 2);
    await expect.poll(() => shape(server)).toEqual({ main: 1 });
    await quiet();
    for (let i = 0; i < 5; i++) {
      renameSync(gcc, join(dir, 'tmp'));
      renameSync(join(dir, 'B'), gcc);
      renameSync(join(dir, 'tmp'), join(dir, 'B'));
    }
    // Five swaps: .GCC/ now holds B's folder.
    await expect.poll(() => shape(server), { timeout: 10_000 }).toEqual({ main: 2 });
  });

  it('follows one branch folder swapped for another in place', async () => {
    const { dir, gcc, server } = await project();
    const w = PythonGccWriter.init(gcc, 'Branch swap.');
    writeSteps(w, 'main', 'before', 2);
    const other = PythonGccWriter.init(join(dir, 'other'), 'Other.');
    writeSteps(other, 'main', 'after', 3);
    await expect.poll(() => shape(server)).toEqual({ main: 2 });
    await quiet();
    renameSync(join(gcc, 'branches', 'main'), join(dir, 'main-old'));
    renameSync(join(dir, 'other', 'branches', 'main'), join(gcc, 'branches', 'main'));
    await expect.poll(() => observations(server, 'main'), { timeout: 10_000 }).toEqual(['after 1', 'after 2', 'after 3']);
    writeSteps(new PythonGccWriter(gcc, other.state), 'main', 'after', 1);
    await expect.poll(() => shape(server), { timeout: 10_000 }).toEqual({ main: 4 });
  });

  it('reads a .GCC/ deleted and made again, and says meanwhile that there is none', async () => {
    const { gcc, server } = await project();
    writeSteps(PythonGccWriter.init(gcc, 'First.'), 'main', 'first', 4);
    await expect.poll(() => shape(server)).toEqual({ main: 4 });
    rmSync(gcc, { recursive: true });
    await expect.poll(async () => (await api<WorkspaceResponse>(server, '/api/workspace')).present).toBe(false);
    const again = PythonGccWriter.init(gcc, 'Second.');
    writeSteps(again, 'main', 'second', 2);
    await expect.poll(() => shape(server), { timeout: 10_000 }).toEqual({ main: 2 });
    expect(await observations(server, 'main')).toEqual(['second 1', 'second 2']);
  });

  it('follows a branch folder renamed, with its steps, and writes into it afterwards', async () => {
    const { gcc, server } = await project();
    const w = PythonGccWriter.init(gcc, 'Rename.');
    w.createBranch('side', 'A side quest', 'main');
    writeSteps(w, 'side', 'side', 3);
    await expect.poll(() => shape(server)).toEqual({ main: 0, side: 3 });
    renameSync(join(gcc, 'branches', 'side'), join(gcc, 'branches', 'renamed'));
    await expect.poll(() => shape(server), { timeout: 10_000 }).toEqual({ main: 0, renamed: 3 });
    expect(await observations(server, 'renamed')).toEqual(['side 1', 'side 2', 'side 3']);
    writeFileSync(join(gcc, 'branches', 'renamed', 'log.md'), pythonStep(4, 'late'), { flag: 'a' });
    await expect.poll(() => shape(server), { timeout: 10_000 }).toEqual({ main: 0, renamed: 4 });
  });

  it('diagnoses a file replaced by a folder, keeps the branch, and reads the file when it is back', async () => {
    const { gcc, server } = await project();
    const w = PythonGccWriter.init(gcc, 'Folder.');
    writeSteps(w, 'main', 'kept', 2);
    w.commit('main', 'first commit');
    await expect.poll(() => shape(server)).toEqual({ main: 2 });
    const log = join(gcc, 'branches', 'main', 'log.md');
    rmSync(log);
    mkdirSync(log);
    const diagnosed = async () => (await api<WorkspaceResponse>(server, '/api/workspace')).diagnostics.filter((d) => d.file === 'branches/main/log.md');
    await expect.poll(async () => (await diagnosed()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const main = await api<BranchResponse>(server, '/api/branches/main');
    expect(main.commits).toHaveLength(1);
    rmSync(log, { recursive: true });
    writeFileSync(log, pythonStep(1, 'back'));
    await expect.poll(() => observations(server, 'main'), { timeout: 10_000 }).toEqual(['back']);
    await expect.poll(async () => (await diagnosed()).length).toBe(0);
  });
});
