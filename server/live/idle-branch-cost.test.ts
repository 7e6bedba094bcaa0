// What a branch nobody looks at costs the heap once start-up is over: its entry, followed files, keepers, watches'
// bookkeeping aside, and the records() snapshot the change record keeps. Measured in a fresh process under
// --predictable (the same figure every run), on the wide bench's branches.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const here = (path: string) => JSON.stringify(pathToFileURL(new URL(path, import.meta.url).pathname).href);

/** 1,000 branches × 5 commits × 20 steps read, asleep and compressed; the heap they hold, a branch. */
const SCENARIO = `
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateManyBranches } from ${here('../../bench/gen-branches.ts')};
import { createEventBus } from ${here('./event-bus.ts')};
import { Dormancy } from ${here('./dormancy.ts')};
import { compactingCollection } from ${here('./start-up-garbage.ts')};
import { createStore } from ${here('./store.ts')};
const dir = mkdtempSync(join(tmpdir(), 'gcc-branch-cost-'));
try {
  const made = generateManyBranches(dir, 1000, 5, 20);
  compactingCollection();
  const before = process.memoryUsage().heapUsed;
  const dormancy = new Dormancy(60000, async () => {});
  const store = createStore({ gccDir: made.gccDir, root: dir, readOnly: true, bus: createEventBus(), dormancy });
  await store.load();
  await dormancy.packAsleep();
  const held = store.records();
  compactingCollection();
  const perBranch = (process.memoryUsage().heapUsed - before) / 1000;
  console.log(JSON.stringify({ perBranch, branches: held.branches.length, steps: store.workspace().branches.find((b) => b.name === 'b-0999').stepCount }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
`;

describe('a branch nobody looks at', () => {
  it('costs under 7.75 KB of heap once asleep (~7.3 KB; 11.9 KB while keepers, readers and snapshot were closures)', () => {
    const out = execFileSync(process.execPath, ['--predictable', '--import', TSX, '--input-type=module', '-e', SCENARIO], { encoding: 'utf8' });
    const { perBranch, branches, steps } = JSON.parse(out) as { perBranch: number; branches: number; steps: number };
    expect(branches).toBe(1000);
    expect(steps).toBe(20);
    // The records() snapshot made of closures again alone: ~7.8 KB.
    expect(perBranch).toBeLessThan(7.75 * 1024);
  });
});
