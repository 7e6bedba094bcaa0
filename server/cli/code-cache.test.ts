import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFileOf, loadBundle, saveCodeCache } from './code-cache.ts';

/** A bundle as the build writes one: a function expression over CommonJS's arguments. */
const bundleText = (value: string) =>
  `(function (exports, require, module, __filename, __dirname) {"use strict";
module.exports = { value: () => ${JSON.stringify(value)}, sep: require('node:path').sep, file: __filename, dir: __dirname,
  helper: () => require('./helper.cjs') };
})`;

let dir: string;
let bundle: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'code-cache-'));
  bundle = join(dir, 'main.cjs');
  writeFileSync(bundle, bundleText('first'));
  writeFileSync(join(dir, 'helper.cjs'), 'module.exports = 42;');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Exports = { value(): string; sep: string; file: string; dir: string; helper(): number };

describe('loadBundle', () => {
  it('runs the bundle as a CommonJS module of its own folder, with no cache', () => {
    const loaded = loadBundle(bundle);
    const e = loaded.exports as unknown as Exports;
    expect(loaded.cache).toBe('none');
    expect([e.value(), e.sep, e.file, e.dir, e.helper()]).toEqual(['first', '/', bundle, dir, 42]);
  });

  it('uses the cache it saved, for the same bytes', () => {
    expect(saveCodeCache(loadBundle(bundle), bundle)).toBe(true);
    const again = loadBundle(bundle);
    expect(again.cache).toBe('accepted');
    expect((again.exports as unknown as Exports).value()).toBe('first');
  });

  it('does not hand V8 a cache made from other bytes of the same length', () => {
    saveCodeCache(loadBundle(bundle), bundle);
    // V8 itself compares only the length: this edit would run the old bytecode.
    writeFileSync(bundle, bundleText('other'));
    const edited = loadBundle(bundle);
    expect(edited.cache).toBe('stale');
    expect((edited.exports as unknown as Exports).value()).toBe('other');
  });

  it('does not hand V8 a damaged cache', () => {
    saveCodeCache(loadBundle(bundle), bundle);
    const cache = readFileSync(cacheFileOf(bundle));
    cache[cache.length - 5]! ^= 0xff;
    writeFileSync(cacheFileOf(bundle), cache);
    expect(loadBundle(bundle).cache).toBe('stale');
    writeFileSync(cacheFileOf(bundle), cache.subarray(0, 10));
    const torn = loadBundle(bundle);
    expect(torn.cache).toBe('stale');
    expect((torn.exports as unknown as Exports).value()).toBe('first');
  });
});
