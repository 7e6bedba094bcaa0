// The store's CONTEXT answer: how the dialect was chosen, the implementation's error and notes, the lossless view
// where it raises or reads nothing, and the record-by-record reading of branches over the whole-file limit.
import { CORPUS } from '../../fixtures/corpus.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeEscaped } from '../../shared/gcc/dialects/escaped-text.ts';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';

async function storeOn(dir: string, wholeFileLimit?: number) {
  const store = createStore({ gccDir: join(CORPUS, dir, '.GCC'), root: join(CORPUS, dir), readOnly: true, bus: createEventBus(), wholeFileLimit });
  await store.load();
  return store;
}

describe('context answer', () => {
  it('defaults to the detected writer for Lua, Elixir and Zig, exactly', async () => {
    for (const lang of ['lua', 'elixir', 'zig'] as const) {
      const r = (await (await storeOn(lang)).context('main', 2, null))!;
      expect([r.dialect, r.dialectSource, r.reading]).toEqual([lang, 'detected', 'files']);
      expect(Buffer.from(encodeEscaped(r.text)).equals(readFileSync(join(CORPUS, lang, 'context-main-k2.txt')))).toBe(true);
    }
  });

  it("Python's error on a non-UTF-8 log, with the lossless view; Rust's empty reading, with the lossless view", async () => {
    const store = await storeOn('bad/non-utf8-log');
    const py = (await store.context('main', 1, 'python'))!;
    expect(py.text).toBe('');
    expect(py.error).toMatch(/^UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 390/);
    expect(py.lossless?.text).toContain('## Recent OTA steps (9 total)');
    const rust = (await store.context('main', 1, 'rust'))!;
    expect(rust.error).toBeUndefined();
    expect(rust.text).not.toContain('Recent OTA');
    expect(rust.notes).toEqual(expect.arrayContaining([expect.stringContaining("Rust's read_to_string fails")]));
    expect(rust.lossless?.text).toContain('## Recent OTA Steps (showing last 5 of 9)');
    // TypeScript reads it (U+FFFD) and so shows no lossless view.
    expect((await store.context('main', 1, 'typescript'))!.lossless).toBeUndefined();
  });

  it('over the whole-file limit, renders record by record and says so', async () => {
    const r = (await (await storeOn('python', 0)).context('main', 1, null))!;
    expect(r.reading).toBe('records');
    expect(r.notes).toEqual([expect.stringContaining('rebuilt record by record')]);
    expect(r.text).toBe(readFileSync(join(CORPUS, 'python', 'context-main-k1.txt'), 'utf8'));
  });
});
