// Child processes as the bench meets them: a command timed from spawn to exit, the resident memory of a running
// process (Linux /proc), and a server spawned as a user starts it, timed to its first answered /api/workspace.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describeMs, middle } from './figures.ts';

export interface TimedRun {
  wallMs: number;
  status: number | null;
  stdout: string;
  stderr: string;
  /** Peak resident memory of the child (getrusage of the reaped child, Linux), when known. */
  maxRssBytes: number | null;
}

/** Runs a command to its end; wall time from spawn to exit. */
export function timedRun(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // /usr/bin/time would add a process; the peak RSS comes from the child's own report where we need it.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.once('error', reject);
    child.once('close', (status) =>
      resolve({ wallMs: performance.now() - t0, status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), maxRssBytes: null }),
    );
  });
}

/** VmRSS and VmHWM (peak) of a live process, in bytes; null off Linux or once it is gone. */
export function residentBytes(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** CPU time (user + system, all threads) a live process has used so far, in ms (Linux /proc, 10 ms ticks). */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * The time a live process's main thread has spent on a core, and runnable but waiting for one (Linux schedstat, in
 * ms): on a 2-core machine the second tells how much the process's other threads (the JIT's, the collector's, its
 * workers) held it up.
 */
export function mainThreadTimes(pid: number): { onCpuMs: number; waitingMs: number } | null {
  try {
    const [onCpu, waiting] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return Number.isFinite(onCpu) && Number.isFinite(waiting) ? { onCpuMs: onCpu! / 1e6, waitingMs: waiting! / 1e6 } : null;
  } catch {
    return null;
  }
}

/** What a spawned server's CPU had done by its first answer. */
export type StartCpu = Pick<ServerProcess, 'firstAnswerCpuMs' | 'firstAnswerMainThread'>;

/**
 * A start's CPU as the bench prints it: all threads' time by the first answer, and what its main thread did meanwhile
 * (medians): on a core, or runnable and waiting for one.
 */
export function describeStartCpu(starts: readonly StartCpu[]): string {
  const all = describeMs(starts.map((s) => s.firstAnswerCpuMs ?? Number.NaN));
  const main = starts.map((s) => s.firstAnswerMainThread).filter((m) => m !== null);
  if (main.length === 0) return all;
  return `${all}; its main thread ${middle(main.map((m) => m.onCpuMs)).toFixed(0)} ms on a core, ${middle(main.map((m) => m.waitingMs)).toFixed(0)} ms waiting for one (medians)`;
}

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  token: string;
  /** Spawn → the URL line on stdout (where a user's browser is opened). */
  urlMs: number;
  /** Spawn → the first answer of the probe (200, body read; /api/workspace unless another is asked for). */
  firstAnswerMs: number;
  /** The CPU time the server had used by then (null off Linux). */
  firstAnswerCpuMs: number | null;
  /** Its main thread's times by then (null off Linux). */
  firstAnswerMainThread: { onCpuMs: number; waitingMs: number } | null;
  workspace: unknown;
  stop(): Promise<void>;
}

export const BENCH_TOKEN = 'bench-token-0123456789';

/** Spawns `node <argv…>` (a server command line), waits for its URL line and times its first answer of `probe`. */
export function spawnServer(argv: string[], options: { execArgv?: string[]; ipc?: boolean; probe?: string } = {}): Promise<ServerProcess> {
  const probe = options.probe ?? '/api/workspace';
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...(options.execArgv ?? []), ...argv], {
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GCC_STUDIO_TOKEN: BENCH_TOKEN },
    });
    let out = '';
    let err = '';
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const origin = /(http:\/\/[^\s/]+)\/\?token=/.exec(out)?.[1];
      if (!origin) return;
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      const urlMs = performance.now() - t0;
      fetch(`${origin}${probe}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } })
        .then(async (res) => {
          const workspace: unknown = await res.json();
          if (res.status !== 200) throw new Error(`${probe} answered ${res.status}`);
          const firstAnswerMs = performance.now() - t0;
          const pid = child.pid!;
          resolve({ child, origin, token: BENCH_TOKEN, urlMs, firstAnswerMs, firstAnswerCpuMs: cpuMsOf(pid), firstAnswerMainThread: mainThreadTimes(pid), workspace, stop });
        })
        .catch((e: unknown) => void stop().then(() => reject(e instanceof Error ? e : new Error(String(e)))));
    });
    child.once('exit', (code) => {
      if (!out.includes('http://')) reject(new Error(`server exited with ${code} before its URL: ${err}`));
    });
  });
}

/** The page's URL on a spawned server, the token in it as the server prints it (the page keeps it and drops it). */
export const pageUrl = (server: ServerProcess, query = ''): string => `${server.origin}/?token=${server.token}${query ? `&${query}` : ''}`;

/** Waits until the server has used under 20 ms of CPU in half a second (its start-up warming done), at most 20 s. */
export async function serverSettled(server: ServerProcess): Promise<number> {
  const t0 = performance.now();
  let before = cpuMsOf(server.child.pid!);
  while (performance.now() - t0 < 20_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuMsOf(server.child.pid!);
    if (now === null || before === null || now - before < 20) break;
    before = now;
  }
  return performance.now() - t0;
}
