// Go, Rust, Lua and Elixir, whose writers cannot run here: the corpus scenarios written through the MemoryWriter equal
// the folders their real writers left in fixtures/corpus, byte for byte (Lua's newline corruption and Elixir's bytes
// that are not UTF-8 included) with timestamps and commit ids aside.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { corpusOps, filesUnder, writeThroughLayer } from '../test-support/agent-scenario.ts';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

describe.each(['go', 'rust', 'lua', 'elixir'] as const)('the MemoryWriter writes what Contexa %s wrote in the corpus', (dialect) => {
  it.each([
    ['scenario.json', dialect],
    ['edge.json', `edge/${dialect}`],
  ])('%s: every file, byte for byte', async (file, corpusCase) => {
    const ours = mkdtempSync(join(tmpdir(), 'gcc-layer-corpus-'));
    made.push(ours);
    await writeThroughLayer(ours, corpusOps(file), dialect);
    const want = filesUnder(join(CORPUS, corpusCase, '.GCC'));
    const got = filesUnder(join(ours, '.GCC'));
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [path, text] of want) expect(got.get(path), path).toBe(text);
  });
});
