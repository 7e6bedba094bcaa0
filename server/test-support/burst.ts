// A steady writer for the live tests and the latency bench: Python-format steps appended by a process of their own at a
// set rate, each stamped with its wall-clock write time, from which the reader measures latency.
import { fork, type ChildProcess } from 'node:child_process';
import { childEntry } from '../demo/child-entry.ts';
import { PythonGccWriter } from '../demo/python-writer.ts';

const ENTRY = childEntry(import.meta.url, 'burst-writer');

/**
 * Milliseconds since the epoch from the system clock, comparable between processes of one machine. Not
 * `performance.timeOrigin + performance.now()`: each process fixes its origin when it starts, and two processes
 * drifted apart by up to 1.7 ms after the machine had been up three hours, so a reader saw appends before they were
 * written. Whole milliseconds, rounded down in both processes, never go backwards between them.
 */
export function wallClockMs(): number {
  return Date.now();
}

/** `seq=<i> t=<ms>`: the observation of the i-th burst step (1-based). */
export function burstObservation(seq: number, t: number): string {
  return `seq=${seq} t=${t.toFixed(3)}`;
}

export function parseBurstObservation(observation: string): { seq: number; t: number } | null {
  const m = /^seq=(\d+) t=([\d.]+)$/.exec(observation);
  return m ? { seq: Number(m[1]), t: Number(m[2]) } : null;
}

/** Runs in the writer process. `firstStep`: the number Python would give the next step of the branch. */
export async function runBurst(gccDir: string, branch: string, count: number, rate: number, firstStep = 1): Promise<number> {
  const steps = Array.from({ length: firstStep - 1 }, (_, i) => ({ step: i + 1, timestamp: '', observation: '', thought: '', action: '' }));
  const writer = new PythonGccWriter(gccDir, {
    branches: new Map([[branch, { metadata: { name: branch, purpose: '', createdFrom: '', createdAt: '', status: 'active', mergedInto: null, mergedAt: null }, steps, contributions: [] }]]),
  });
  const start = wallClockMs();
  let written = 0;
  while (written < count) {
    // Catch up with the schedule, then yield: a steady rate without relying on 2 ms timers.
    const due = Math.min(count, Math.floor(((wallClockMs() - start) / 1000) * rate) + 1);
    while (written < due) {
      written += 1;
      writer.logStep(branch, { observation: burstObservation(written, wallClockMs()), thought: 'burst', action: 'append' });
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  return written;
}

export interface BurstProcess {
  child: ChildProcess;
  /** Resolves with the number of steps written when the process is done. */
  done: Promise<number>;
}

/** Starts the writer as its own process (like a real agent). */
export function startBurstWriter(gccDir: string, branch: string, count: number, rate: number, firstStep = 1): BurstProcess {
  const child = fork(ENTRY.path, [gccDir, branch, String(count), String(rate), String(firstStep)], { execArgv: ENTRY.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const done = new Promise<number>((resolve, reject) => {
    let written = -1;
    child.on('message', (m: unknown) => {
      const msg = m as { type?: string; written?: number };
      if (msg.type === 'done' && typeof msg.written === 'number') written = msg.written;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 && written >= 0 ? resolve(written) : reject(new Error(`burst writer exited with ${code}`))));
  });
  return { child, done };
}
