// Contexa's real Python writer appending steps in a process of its own (beside our writers, at once), and its real
// reader's view of a branch's steps afterwards: the concurrent tests' two ends.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { contexaPeers, pythonWithYaml } from './real-contexa.ts';

const pythonEnv = () => ({ ...process.env, PYTHONPATH: join(contexaPeers(), 'python') });

/** `count` steps "python 1" … "python N" logged on main by the real writer; resolves when its process exits 0. */
export function realPythonAppends(dir: string, count: number): Promise<void> {
  const script = `
from contexa.workspace import GCCWorkspace
ws = GCCWorkspace(${JSON.stringify(dir)})
ws.load()
for i in range(1, ${count + 1}):
    ws.log_ota("python %d" % i, "concurrent", "append")
`;
  const child = spawn(pythonWithYaml(), ['-c', script], { env: pythonEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`python writer exited with ${code}`)))));
}

/** [number, observation] of every step of `branch`, as the real Python reader reads them, in file order. */
export function realPythonSteps(dir: string, branch: string): [number, string][] {
  const code = `import json\nfrom contexa.workspace import GCCWorkspace\nws = GCCWorkspace(${JSON.stringify(dir)})\nprint(json.dumps([[r.step, r.observation] for r in ws._read_ota(${JSON.stringify(branch)})]))`;
  return JSON.parse(execFileSync(pythonWithYaml(), ['-c', code], { env: pythonEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as [number, string][];
}
