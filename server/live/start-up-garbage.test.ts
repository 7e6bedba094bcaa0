// The collection after start-up compacts: objects that died scattered among survivors leave no committed old space
// behind, where a plain full collection keeps those pages; and it collects the young space until V8 has shrunk it. Run in a fresh process under --predictable: how much a
// plain collection moves depends on the process's history and on the collector's threads.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPACT_UP_TO_BYTES, QUIET_COLLECT_MS, StartUpGarbage, YOUNG_TRIES, type Heap } from './start-up-garbage.ts';

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
});

/** A heap that records what was asked of it; its young space shrinks on the young collection `shrinksOn`. */
function recordingHeap(usedBytes: number, shrinksOn: number) {
  const asked: string[] = [];
  let young = 0;
  const heap: Heap = {
    usedBytes: () => usedBytes,
    youngBytes: () => (young >= shrinksOn ? 2 ** 20 : 33 * 2 ** 20),
    full: (compacting) => void asked.push(compacting ? 'compacting' : 'plain'),
    young: () => void asked.push(`young ${++young}`),
  };
  return { heap, asked };
}

describe('the collection of start-up garbage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('compacts a small heap, then collects the young space until V8 has shrunk it', async () => {
    const { heap, asked } = recordingHeap(64 * 2 ** 20, 3);
    new StartUpGarbage(heap, async () => {}).collectSoon();
    await vi.advanceTimersByTimeAsync(50);
    expect(asked).toEqual(['compacting']);
    await vi.advanceTimersByTimeAsync(QUIET_COLLECT_MS * (YOUNG_TRIES + 1));
    expect(asked).toEqual(['compacting', 'young 1', 'young 2', 'young 3']);
  });

  it('gives up on the young space after a few tries, and a big heap (a fleet) gets a plain collection', async () => {
    const { heap, asked } = recordingHeap(COMPACT_UP_TO_BYTES + 1, Number.POSITIVE_INFINITY);
    new StartUpGarbage(heap, async () => {}).collectSoon();
    await vi.advanceTimersByTimeAsync(50 + QUIET_COLLECT_MS * (YOUNG_TRIES + 2));
    expect(asked).toEqual(['plain', ...Array.from({ length: YOUNG_TRIES }, (_, i) => `young ${i + 1}`)]);
  });

  it('serves asks before its full collection with it, and one after it with another round', async () => {
    const { heap, asked } = recordingHeap(2 ** 20, 1);
    const garbage = new StartUpGarbage(heap, async () => {});
    garbage.collectSoon();
    garbage.collectSoon();
    await vi.advanceTimersByTimeAsync(50);
    garbage.collectSoon();
    await vi.advanceTimersByTimeAsync(QUIET_COLLECT_MS + 50);
    expect(asked).toEqual(['compacting', 'young 1', 'compacting']);
  });
});
