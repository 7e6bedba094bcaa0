// A writer process that behaves like a Contexa Python agent under load: steps and commits appended with O_APPEND at a
// steady rate, each operation inside flock(.GCC/.lock) exactly as Python's writer takes it. The concurrent-edit test
// saves hand edits against it; whatever the lock fails to exclude would show up as a lost or torn record.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { burstObservation, wallClockMs } from './burst.ts';
import { childEntry } from '../demo/child-entry.ts';
import { openFlockSession } from './flock-session.ts';
import { PythonGccWriter } from '../demo/python-writer.ts';

const ENTRY = childEntry(import.meta.url, 'locked-burst-writer');

export interface LockedBurstOptions {
  /** The number Python would give the branch's next step. */
  firstStep: number;
  /** Every n-th operation is a commit (the rest are steps). */
  commitEvery: number;
  /**
   * Keep writing past `count` until told to stop (LockedBurstProcess.stop): a test whose edits must overlap the
   * writing then holds on a loaded machine too, where its edits take longer than `count` operations.
   */
  untilStopped?: boolean;
}

export interface LockedBurstResult {
  written: number;
  steps: number;
  commits: number;
  startedAt: number;
  endedAt: number;
}

/** `seq=<i> commit`: the contribution of the i-th operation when it is a commit. */
export const burstContribution = (seq: number) => `seq=${seq} commit`;

/** Runs in the writer process; `stopped()` is asked between operations when options.untilStopped. */
export async function runLockedBurst(gccDir: string, branch: string, count: number, rate: number, options: LockedBurstOptions, stopped: () => boolean = () => true): Promise<LockedBurstResult> {
  const steps = Array.from({ length: options.firstStep - 1 }, (_, i) => ({ step: i + 1, timestamp: '', observation: '', thought: '', action: '' }));
  const metadata = { name: branch, purpose: 'burst', createdFrom: '', createdAt: '', status: 'active', mergedInto: null, mergedAt: null };
  const writer = new PythonGccWriter(gccDir, { branches: new Map([[branch, { metadata, steps, contributions: [] }]]) });
  const lock = await openFlockSession(join(gccDir, '.lock'));
  const startedAt = wallClockMs();
  let written = 0;
  let commits = 0;
  try {
    const more = () => written < count || (options.untilStopped === true && !stopped());
    while (more()) {
      const paced = Math.floor(((wallClockMs() - startedAt) / 1000) * rate) + 1;
      const due = options.untilStopped ? paced : Math.min(count, paced);
      while (written < due && more()) {
        written += 1;
        const seq = written;
        if (seq % options.commitEvery === 0) {
          commits += 1;
          await lock.locked(() => writer.commit(branch, burstContribution(seq)));
        } else {
          await lock.locked(() => writer.logStep(branch, { observation: burstObservation(seq, wallClockMs()), thought: 'burst', action: 'append' }));
        }
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  } finally {
    await lock.close();
  }
  return { written, steps: written - commits, commits, startedAt, endedAt: wallClockMs() };
}

export interface LockedBurstProcess {
  child: ChildProcess;
  done: Promise<LockedBurstResult>;
  /** With untilStopped: finish the operation in hand, then end (done resolves). */
  stop(): void;
}

export function startLockedBurstWriter(gccDir: string, branch: string, count: number, rate: number, options: LockedBurstOptions): LockedBurstProcess {
  const args = [gccDir, branch, String(count), String(rate), String(options.firstStep), String(options.commitEvery), options.untilStopped ? 'until-stopped' : 'count'];
  const child = fork(ENTRY.path, args, { execArgv: ENTRY.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const done = new Promise<LockedBurstResult>((resolve, reject) => {
    let result: LockedBurstResult | null = null;
    child.on('message', (m: unknown) => {
      const msg = m as { type?: string; result?: LockedBurstResult };
      if (msg.type === 'done' && msg.result) result = msg.result;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`locked burst writer exited with ${code}`))));
  });
  return { child, done, stop: () => child.connected && child.send({ type: 'stop' }) };
}
