// The demo: a real agent process writing to a temp workspace, started when asked and cleaned up after.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDemo, type Demo } from './demo.ts';

describe('startDemo', () => {
  let demo: Demo | null = null;
  afterEach(async () => {
    await demo?.stop();
  });

  it('runs a separate agent process that logs, commits, branches and merges, and cleans up on stop', async () => {
    const ops: string[] = [];
    const errors: string[] = [];
    demo = startDemo({ intervalMs: 15, onOp: (op) => ops.push(op), onAgentError: (m) => errors.push(m) });
    expect(demo.agent?.pid).toBeGreaterThan(0);
    expect(demo.agent?.pid).not.toBe(process.pid);
    await expect.poll(() => ops.includes('merge deploy-fly'), { timeout: 20_000 }).toBe(true);
    expect(errors).toEqual([]);
    const gcc = demo.gccDir;
    const meta = readFileSync(join(gcc, 'branches', 'deploy-fly', 'metadata.yaml'), 'utf8');
    expect(meta).toContain('merged_into: main\n');
    expect(meta).toContain('status: merged\n');
    const mainLog = readFileSync(join(gcc, 'branches', 'main', 'log.md'), 'utf8');
    expect(mainLog).toContain('\n## Merged from `deploy-fly` (');
    // The seed's 4 steps of main and the 2 merged from auth-jwt, then the story's first step on main.
    expect(mainLog).toMatch(/### Step 7 — \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00\n/);
    expect(readFileSync(join(gcc, 'main.md'), 'utf8')).toContain('Merged `deploy-fly`: Merged branch `deploy-fly` (2 commits).');
    const dir = demo.projectDir;
    await demo.stop();
    demo = null;
    expect(existsSync(dir)).toBe(false);
  });

  it('settles after its last task, and writes nothing more to a branch merged from elsewhere', async () => {
    const ops: string[] = [];
    let settled = false;
    demo = startDemo({ intervalMs: 10, onOp: (op) => ops.push(op), onSettled: () => (settled = true) });
    const gcc = demo.gccDir;
    await expect.poll(() => ops.includes('branch rate-limit'), { timeout: 20_000 }).toBe(true);
    // What a merge from the page leaves in the branch's metadata.
    const meta = join(gcc, 'branches', 'rate-limit', 'metadata.yaml');
    writeFileSync(meta, readFileSync(meta, 'utf8').replace('status: active', 'status: merged'));
    // The operation under way when the file changed has finished once the next one is reported.
    const seen = ops.length;
    await expect.poll(() => ops.length, { timeout: 20_000 }).toBeGreaterThan(seen);
    const steps = () => readFileSync(join(gcc, 'branches', 'rate-limit', 'log.md'), 'utf8').split('### Step').length;
    const before = steps();
    await expect.poll(() => settled, { timeout: 30_000 }).toBe(true);
    expect(steps()).toBe(before);
    expect(ops).toContain('skip rate-limit: no longer active');
    expect(ops).not.toContain('merge rate-limit');
    expect(ops.filter((o) => o.startsWith('branch '))).toEqual(['branch deploy-fly', 'branch rate-limit', 'branch cursor-pagination', 'branch openapi-docs']);
  });

  it('leaves no temp folder behind when the server goes away without stopping it', async () => {
    demo = startDemo({ intervalMs: 1000 });
    const { projectDir, agent } = demo;
    if (!agent) throw new Error('the agent was not started at once');
    expect(existsSync(join(projectDir, '.GCC', 'main.md'))).toBe(true);
    // What the agent sees when the server process is killed: its IPC channel closes.
    const exited = new Promise((resolve) => agent.once('exit', resolve));
    agent.disconnect();
    await exited;
    expect(existsSync(projectDir)).toBe(false);
  });

  it('starts the agent only once `agentAfter` settles, and not at all when stopped before', async () => {
    let go = () => {};
    const ops: string[] = [];
    demo = startDemo({ intervalMs: 15, onOp: (op) => ops.push(op), agentAfter: new Promise<void>((resolve) => (go = resolve)) });
    expect(existsSync(join(demo.gccDir, 'main.md'))).toBe(true);
    expect(demo.agent).toBeNull();
    go();
    await expect.poll(() => demo?.agent?.pid).toBeGreaterThan(0);
    await expect.poll(() => ops.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await demo.stop();

    let later = () => {};
    demo = startDemo({ agentAfter: new Promise<void>((resolve) => (later = resolve)) });
    const dir = demo.projectDir;
    await demo.stop();
    later();
    await new Promise((resolve) => setImmediate(resolve));
    expect(demo.agent).toBeNull();
    expect(existsSync(dir)).toBe(false);
    demo = null;
  });
});
