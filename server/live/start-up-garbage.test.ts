// The collection after start-up compacts: objects that died scattered among survivors leave no committed old space
// behind, where a plain full collection keeps those pages. Run in a fresh process under --predictable: how much a
// plain collection moves depends on the process's history and on the collector's threads.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPACT_UP_TO_BYTES, fullCollection } from './start-up-garbage.ts';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MODULE = pathToFileURL(new URL('./start-up-garbage.ts', import.meta.url).pathname).href;

/** Half of 600,000 objects die after both were promoted side by side; the old space's unused committed bytes. */
const SCENARIO = `
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compactingCollection } from ${JSON.stringify(MODULE)};
setFlagsFromString('--expose-gc');
const plainCollection = runInNewContext('gc');
const gap = () => { const old = getHeapSpaceStatistics().find((s) => s.space_name === 'old_space'); return old.space_size - old.space_used_size; };
const survivors = [];
let garbage = [];
for (let i = 0; i < 300000; i++) { survivors.push({ i, text: 'kept ' + i }); garbage.push({ i, text: 'dropped ' + i }); }
plainCollection(); plainCollection();
garbage = null;
plainCollection(); plainCollection();
const scattered = gap();
compactingCollection();
console.log(JSON.stringify({ scattered, compacted: gap(), last: survivors[299999].text }));
`;

describe('the collection after start-up', () => {
  it('gives back the pages that start-up garbage left among the survivors', () => {
    const out = execFileSync(process.execPath, ['--predictable', '--import', TSX, '--input-type=module', '-e', SCENARIO], { encoding: 'utf8' });
    const { scattered, compacted, last } = JSON.parse(out) as { scattered: number; compacted: number; last: string };
    expect(scattered).toBeGreaterThan(2 * 2 ** 20);
    expect(compacted).toBeLessThan(scattered / 3);
    expect(last).toBe('kept 299999');
  });

  it('compacts only a heap whose pause stays short: a big one (a fleet) gets a plain collection', () => {
    expect(fullCollection(64 * 2 ** 20)).toBe('compacting');
    expect(fullCollection(COMPACT_UP_TO_BYTES + 1)).toBe('plain');
  });
});
