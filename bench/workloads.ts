// The workloads every part of the bench runs on, generated into a scratch folder, never stored: the 205,000-step log
// and the 500-branch tree.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from '../fixtures/corpus.ts';
import { generateManyBranches } from './gen-branches.ts';
import { generateLargeWorkspace } from './gen-large.ts';

export interface Workload {
  /** The project folder (holds .GCC/). */
  dir: string;
  description: string;
  /** Bytes of every file under .GCC/. */
  bytes: number;
  logPath?: string;
}

export const LARGE_STEPS = 205_000;

export function largeLog(scratch: string, steps = LARGE_STEPS): Workload {
  const dir = join(scratch, 'large');
  const t0 = performance.now();
  let how = 'gen-large.py';
  try {
    execFileSync('python3', [join(CORPUS, 'gen-large.py'), String(steps), dir], { stdio: 'ignore' });
  } catch {
    how = 'gen-large.ts (no python3)';
    generateLargeWorkspace(dir, steps);
  }
  const logPath = join(dir, '.GCC', 'branches', 'main', 'log.md');
  const logBytes = statSync(logPath).size;
  const ms = performance.now() - t0;
  return { dir, logPath, bytes: logBytes, description: `${steps.toLocaleString('en')} steps, ${(logBytes / 1e6).toFixed(1)} MB of log.md (${how}, ${ms.toFixed(0)} ms)` };
}

export function manyBranches(scratch: string, count = 500): Workload {
  const dir = join(scratch, 'branches');
  const t0 = performance.now();
  const made = generateManyBranches(dir, count);
  return { dir, bytes: made.bytes, description: `${made.branches} branches × 20 commits × 200 steps, half merged, ${(made.bytes / 1e6).toFixed(1)} MB (${(performance.now() - t0).toFixed(0)} ms)` };
}
