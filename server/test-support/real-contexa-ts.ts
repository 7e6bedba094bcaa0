// Test support only: Contexa's real TypeScript writer (fixtures/peers/contexa/typescript/src, run by tsx) given a list
// of operations, as runRealPython (real-contexa.ts) is for the Python one. Its dependency js-yaml 4.1.1 is ours too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { contexaPeers, type PythonOp } from './real-contexa.ts';

const require = createRequire(import.meta.url);

const script = (workspace: string): string => `
import { GCCWorkspace } from ${JSON.stringify(workspace)};
import { readFileSync } from 'node:fs';
const req = JSON.parse(readFileSync(0, 'utf8'));
const ws = new GCCWorkspace(req.dir);
for (const op of req.ops) {
  if (op.op === 'init') ws.init(op.roadmap);
  else if (op.op === 'load') ws.load();
  else if (op.op === 'log') ws.logOTA(op.o, op.t, op.a);
  else if (op.op === 'commit') ws.commit(op.c, undefined, op.roadmap);
  else if (op.op === 'branch') ws.branch(op.name, op.purpose);
  else if (op.op === 'switch') ws.switchBranch(op.name);
  else if (op.op === 'merge') ws.merge(op.name);
  else throw new Error('the TypeScript writer has no ' + op.op);
}
`;

/** Runs the real TypeScript Contexa's operations on the project folder `dir` (after `load` when it exists). */
export function runRealTypeScript(dir: string, ops: readonly (Exclude<PythonOp, { op: 'update_roadmap' }> | { op: 'load' })[]): void {
  const scratch = mkdtempSync(join(tmpdir(), 'gcc-real-ts-run-'));
  try {
    const file = join(scratch, 'run.mts');
    writeFileSync(file, script(join(contexaPeers(), 'typescript/src/workspace.ts')));
    const r = spawnSync(process.execPath, [join(dirname(require.resolve('tsx/package.json')), 'dist/cli.mjs'), file], {
      input: JSON.stringify({ dir, ops }),
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: dirname(dirname(require.resolve('js-yaml/package.json'))) },
      timeout: 60_000,
    });
    if (r.status !== 0) throw new Error(`real TypeScript Contexa failed (${r.status}): ${r.stderr}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
