// A remote with 1,000 agents' refs: the fleet's first answer lists every one within 3 s of start (each with its commit;
// read in the background, through the one cat-file process), and every row is then read (the bench measures it beside a
// plain for-each-ref).
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Fleet } from '../fleet/fleet.ts';
import { fileUrl, initBare, removeTempRepos, tempFolder } from '../test-support/git-repos.ts';
import { gccFiles, writeManyRefs } from '../test-support/many-refs.ts';
import { runRealPython } from '../test-support/real-contexa.ts';
import { gitFleetScan } from './git-fleet.ts';

afterAll(removeTempRepos);

describe('a remote with 1,000 refs', () => {
  it('is a fleet of 1,000 rows, answering within 3 s of start', async () => {
    const dir = tempFolder();
    runRealPython(dir, [{ op: 'init', roadmap: 'r' }, ...Array.from({ length: 20 }, (_, i) => ({ op: 'log' as const, o: `o${i}`, t: 't', a: 'a' })), { op: 'commit', c: 'c' }]);
    const remote = initBare();
    writeManyRefs(remote, 1000, gccFiles(join(dir, '.GCC'), ['branches/main/log.md', 'branches/main/commit.md', 'branches/main/metadata.yaml']));
    const env = { ...process.env, XDG_CACHE_HOME: tempFolder('gcc-cache-') };
    const scan = gitFleetScan({ repo: fileUrl(remote), refreshMs: 60_000, env });
    const fleet = new Fleet({ roots: [fileUrl(remote)], maxDepth: 0, readOnly: true, scan: scan.start, warn: () => {}, openInBackground: true });
    const started = performance.now();
    await fleet.start();
    const rows = fleet.rows();
    const ms = performance.now() - started;
    try {
      expect(rows).toHaveLength(1000);
      expect(rows[999]).toMatchObject({ id: 'gcc/agent-0999', git: { ref: 'refs/heads/gcc/agent-0999' } });
      expect(ms).toBeLessThan(3_000);
      await expect.poll(() => fleet.rows().filter((r) => r.state === 'live' && r.steps === 20).length, { timeout: 30_000 }).toBe(1000);
    } finally {
      await fleet.close();
    }
  }, 60_000);
});
