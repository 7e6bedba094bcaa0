// What a start keeps for after its first answer (warming CONTEXT up, the demo's agent): the gate that says when.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceResponse } from '../../shared/api.ts';
import { firstAnswerGate, startServer, type RunningServer } from './serve.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function settledYet(gate: ReturnType<typeof firstAnswerGate>): Promise<boolean> {
  let settled = false;
  void gate.settled.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('firstAnswerGate', () => {
  it('settles after the first answer is written, not before the server listens', async () => {
    vi.useFakeTimers();
    const gate = firstAnswerGate();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await settledYet(gate)).toBe(false);
    gate.listening();
    gate.answered();
    expect(await settledYet(gate)).toBe(true);
  });

  it('settles a while after listening when no request comes', async () => {
    vi.useFakeTimers();
    const gate = firstAnswerGate();
    gate.listening();
    expect(await settledYet(gate)).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settledYet(gate)).toBe(true);
  });
});

describe('the demo server', () => {
  it('starts its agent once it has answered: the workspace then grows', async () => {
    const server: RunningServer = await startServer({ demo: true, demoIntervalMs: 20, port: 0, open: false, token: 'serve-test-token', log: () => {}, warn: () => {} });
    cleanups.push(() => server.close());
    const revision = async () => {
      const res = await fetch(new URL('/api/workspace', server.url), { headers: { authorization: `Bearer ${server.token}` } });
      return ((await res.json()) as WorkspaceResponse).revision;
    };
    const first = await revision();
    await expect.poll(revision, { timeout: 20_000 }).toBeGreaterThan(first);
  });
});
