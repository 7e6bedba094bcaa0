// Two processes writing through the agent layer (each with a store of its own) and Contexa's real Python writer append
// 300 steps each to one branch at once: 900 steps, each exactly once, numbered as the real reader numbers them.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAgentWriter } from '../test-support/agent-writer.ts';
import { peerContexts } from '../test-support/contexa-peers.ts';
import { contexaPeers, pythonWithYaml, runRealPython } from '../test-support/real-contexa.ts';

const EACH = 300;
const dir = mkdtempSync(join(tmpdir(), 'gcc-concurrent-agents-'));
const gccDir = join(dir, '.GCC');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pythonProcess(): Promise<void> {
  const script = `
from contexa.workspace import GCCWorkspace
ws = GCCWorkspace(${JSON.stringify(dir)})
ws.load()
for i in range(1, ${EACH + 1}):
    ws.log_ota("python %d" % i, "concurrent", "append")
`;
  const child = spawn(pythonWithYaml(), ['-c', script], { env: { ...process.env, PYTHONPATH: join(contexaPeers(), 'python') }, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`python writer exited with ${code}`)))));
}

describe('the agent layer beside another of its processes and the real Python writer', () => {
  it(`${3 * EACH} steps, each exactly once, read by the real reader`, async () => {
    runRealPython(dir, [{ op: 'init', roadmap: 'concurrent agents' }]);
    const [a, b] = await Promise.all([runAgentWriter(gccDir, 'main', EACH, 'alpha'), runAgentWriter(gccDir, 'main', EACH, 'beta'), pythonProcess()]);

    const [answer] = await peerContexts('python', [{ dir, branch: 'main', k: 1 }]);
    if (!answer || 'error' in answer) throw new Error(JSON.stringify(answer));
    expect(answer.steps).toBe(3 * EACH);
    // Every observation once; the real reader's numbers are 1..900 in file order, as each writer gave them.
    const read = JSON.parse(
      execFileSync(pythonWithYaml(), ['-c', `import json\nfrom contexa.workspace import GCCWorkspace\nws = GCCWorkspace(${JSON.stringify(dir)})\nprint(json.dumps([[r.step, r.observation] for r in ws._read_ota("main")]))`], {
        env: { ...process.env, PYTHONPATH: join(contexaPeers(), 'python') },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as [number, string][];
    expect(read.map(([step]) => step)).toEqual(Array.from({ length: 3 * EACH }, (_, i) => i + 1));
    const observations = read.map(([, o]) => o).sort();
    const want = ['alpha', 'beta', 'python'].flatMap((tag) => Array.from({ length: EACH }, (_, i) => `${tag} ${i + 1}`)).sort();
    expect(observations).toEqual(want);
    // The three really wrote at once: the file interleaves them.
    const turns = read.filter(([, o], i) => i > 0 && o.split(' ')[0] !== read[i - 1]![1].split(' ')[0]).length;
    expect(turns).toBeGreaterThan(10);
    // The numbers our processes were given are the ones on disk.
    const onDisk = new Map(read.map(([step, o]) => [o, step]));
    expect(a).toEqual(Array.from({ length: EACH }, (_, i) => onDisk.get(`alpha ${i + 1}`)));
    expect(b).toEqual(Array.from({ length: EACH }, (_, i) => onDisk.get(`beta ${i + 1}`)));
  }, 240_000);
});
