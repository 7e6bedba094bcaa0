// Two processes writing through the agent layer (each with a store of its own) and Contexa's real Python writer append
// 300 steps each to one branch at once: 900 steps, each exactly once, numbered as the real reader numbers them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAgentWriter } from '../test-support/agent-writer.ts';
import { peerContexts } from '../test-support/contexa-peers.ts';
import { runRealPython } from '../test-support/real-contexa.ts';
import { realPythonAppends, realPythonSteps } from '../test-support/python-appender.ts';

const EACH = 300;
const dir = mkdtempSync(join(tmpdir(), 'gcc-concurrent-agents-'));
const gccDir = join(dir, '.GCC');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the agent layer beside another of its processes and the real Python writer', () => {
  it(`${3 * EACH} steps, each exactly once, read by the real reader`, async () => {
    runRealPython(dir, [{ op: 'init', roadmap: 'concurrent agents' }]);
    const [a, b] = await Promise.all([runAgentWriter(gccDir, 'main', EACH, 'alpha'), runAgentWriter(gccDir, 'main', EACH, 'beta'), realPythonAppends(dir, EACH)]);

    const [answer] = await peerContexts('python', [{ dir, branch: 'main', k: 1 }]);
    if (!answer || 'error' in answer) throw new Error(JSON.stringify(answer));
    expect(answer.steps).toBe(3 * EACH);
    // Every observation once; the real reader's numbers are 1..900 in file order, as each writer gave them.
    const read = realPythonSteps(dir, 'main');
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
