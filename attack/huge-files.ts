// Huge files against the real server: each diagnosed, every other branch kept, the server answering, its memory far
// below the files' size.
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../shared/types.ts';
import type { WorkspaceResponse } from '../shared/api.ts';
import { startAttackStudio, type AttackStudio } from './studio.ts';
import type { AttackPart } from './types.ts';

const GB = 2 ** 30;
/** What the server may gain in resident memory while holding the workspace; the files are 1 GB. */
const MEMORY_BOUND = 200 * 2 ** 20;
/** The typescript corpus: auth-jwt sorts first, so a failure there used to hide the branches after it. */
const STEPS = { 'auth-jwt': 3, 'auth-session': 2, main: 9 } as Record<string, number>;

interface Case {
  name: string;
  /** Relative to .GCC/. */
  file: string;
  make(path: string): void;
  code: string;
  /** Branches whose step count is not the corpus's (the damaged file's own). */
  damaged: string[];
}

const sparse = (size: number) => (path: string) => {
  writeFileSync(path, '');
  truncateSync(path, size);
};

const CASES: Case[] = [
  { name: 'a 1 GB sparse log.md in the first branch', file: 'branches/auth-jwt/log.md', make: sparse(GB), code: 'file-too-large', damaged: ['auth-jwt'] },
  { name: 'a 1 GB sparse commit.md', file: 'branches/main/commit.md', make: sparse(GB), code: 'file-too-large', damaged: [] },
  { name: 'a 1 GB sparse metadata.yaml', file: 'branches/auth-jwt/metadata.yaml', make: sparse(GB), code: 'unreadable-file', damaged: [] },
  { name: 'a 1 GB sparse main.md', file: 'main.md', make: sparse(GB), code: 'unreadable-file', damaged: [] },
  {
    name: '100 MB of NUL bytes after the last step of a log',
    file: 'branches/auth-session/log.md',
    make: (path) => truncateSync(path, readFileSync(path).length + 100 * 2 ** 20),
    code: 'record-too-large',
    // The last step's `---` is followed by NULs, not by an item: it stays open.
    damaged: ['auth-session'],
  },
];

async function workspace(studio: AttackStudio): Promise<WorkspaceResponse> {
  const res = await studio.request('/api/workspace');
  if (res.status !== 200) throw new Error(`/api/workspace answered ${res.status}`);
  return JSON.parse(res.text) as WorkspaceResponse;
}

function judge(where: string, ws: WorkspaceResponse, file: string, code: string, damaged: string[], failures: string[]): void {
  if (!ws.present) failures.push(`${where}: the workspace reads as absent`);
  const names = ws.branches.map((b) => b.name).sort();
  if (names.join() !== Object.keys(STEPS).join()) failures.push(`${where}: branches ${names.join(', ')} instead of ${Object.keys(STEPS).join(', ')}`);
  for (const b of ws.branches) {
    if (!damaged.includes(b.name) && b.stepCount !== STEPS[b.name]) failures.push(`${where}: ${b.name} shows ${b.stepCount} steps, not ${STEPS[b.name]}`);
  }
  const found = ws.diagnostics.find((d: Diagnostic) => d.file === file && d.code === code);
  if (!found) failures.push(`${where}: no ${code} diagnostic on ${file} (got ${ws.diagnostics.map((d) => `${d.file} ${d.code}`).join('; ') || 'none'})`);
}

async function tryCase(c: Case, failures: string[]): Promise<void> {
  const rssBefore = process.memoryUsage().rss;
  const studio = await startAttackStudio('typescript', { prepare: ({ gccDir }) => c.make(join(gccDir, c.file)) });
  try {
    judge(c.name, await workspace(studio), c.file, c.code, c.damaged, failures);
    const grew = process.memoryUsage().rss - rssBefore;
    if (grew > MEMORY_BOUND) failures.push(`${c.name}: the server's memory grew by ${(grew / 2 ** 20).toFixed(0)} MB`);
  } finally {
    await studio.stop();
  }
}

/** A log that grows to 1 GB while watched, then is written back: diagnosed, then read again. */
async function tryGrowing(failures: string[]): Promise<void> {
  const studio = await startAttackStudio('typescript');
  const file = 'branches/main/log.md';
  const path = join(studio.project, '.GCC', file);
  const original = readFileSync(path);
  const until = async (ok: (ws: WorkspaceResponse) => boolean) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ws = await workspace(studio);
      if (ok(ws) || Date.now() > deadline) return ws;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    const rssBefore = process.memoryUsage().rss;
    truncateSync(path, GB);
    const ws = await until((w) => w.diagnostics.some((d) => d.file === file && d.code === 'file-too-large'));
    judge('a log grown to 1 GB while watched', ws, file, 'file-too-large', ['main'], failures);
    const grew = process.memoryUsage().rss - rssBefore;
    if (grew > MEMORY_BOUND) failures.push(`a log grown to 1 GB: the server's memory grew by ${(grew / 2 ** 20).toFixed(0)} MB`);
    writeFileSync(path, original);
    const back = await until((w) => w.branches.find((b) => b.name === 'main')?.stepCount === STEPS.main);
    if (back.branches.find((b) => b.name === 'main')?.stepCount !== STEPS.main) failures.push('a log grown to 1 GB, then written back: its steps did not come back');
    if (back.diagnostics.some((d) => d.file === file)) failures.push('a log grown to 1 GB, then written back: the diagnostic stayed');
  } finally {
    await studio.stop();
  }
}

/** Sparse files of 1 GB (log.md, metadata.yaml, main.md), a 100 MB run in which no record ends, and a log grown to 1 GB while watched: file-too-large, record-too-large. */
export const hugeFilePart: AttackPart = {
  kind: 'fault',
  name: 'huge files: 1 GB sparse log, commit, metadata and roadmap, 100 MB without a record end, a log grown to 1 GB live',
  async run() {
    const failures: string[] = [];
    for (const c of CASES) await tryCase(c, failures);
    await tryGrowing(failures);
    return { tried: CASES.length + 1, failures };
  },
};
