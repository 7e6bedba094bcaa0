// The command's bundle loaded with V8's code cache: `npm run build` runs the bundle once on the corpus and keeps the
// bytecode V8 compiled (scripts/code-cache-train.mjs), so a start deserializes it instead of compiling every function
// it calls (~90-130 ms of a 500-branch start). Node 20 has no compile cache for ES modules: the bundle is CommonJS.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import * as zlib from 'node:zlib';

/** How a load went with its cache: used, refused by V8 (another Node or flags), not for these bytes, or none there. */
export type CacheOutcome = 'accepted' | 'rejected' | 'stale' | 'none';

export interface LoadedBundle {
  exports: Record<string, unknown>;
  cache: CacheOutcome;
  /** The compiled bundle: `createCachedData()` after a run holds every function the run compiled. */
  script: Script;
}

/** The cache file's header: magic, format, then CRC-32s of the source and of V8's data, and the source's length. */
const MAGIC = 0x43434347; // "GCCC"
const FORMAT = 1;
const HEADER_BYTES = 20;

/** Node < 20.15 has no zlib.crc32: no cache is used or made there. */
const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

export const cacheFileOf = (bundleFile: string): string => `${bundleFile}.cache`;

/**
 * V8 checks a cache against the source's length only: a bundle rebuilt to the same length would run the old
 * bytecode. So the cache names the CRC-32 of the exact bytes it was made from, and of its own data (a torn or
 * damaged file is never handed to V8).
 */
function cachedDataFor(source: Uint8Array, cacheFile: string): { data: Buffer | undefined; outcome: CacheOutcome } {
  let file: Buffer;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return { data: undefined, outcome: 'none' };
  }
  if (!crc32 || file.length <= HEADER_BYTES || file.readUInt32LE(0) !== MAGIC || file.readUInt32LE(4) !== FORMAT) return { data: undefined, outcome: 'stale' };
  const data = file.subarray(HEADER_BYTES);
  const fits = file.readUInt32LE(16) === source.length && file.readUInt32LE(8) === crc32(source) && file.readUInt32LE(12) === crc32(data);
  return fits ? { data, outcome: 'accepted' } : { data: undefined, outcome: 'stale' };
}

/**
 * Runs `bundleFile` (one function expression taking CommonJS's five arguments, as the build writes it) with its
 * cache when the cache fits, and returns its exports.
 */
export function loadBundle(bundleFile: string, cacheFile = cacheFileOf(bundleFile)): LoadedBundle {
  const bytes = readFileSync(bundleFile);
  const { data, outcome } = cachedDataFor(bytes, cacheFile);
  const script = new Script(bytes.toString('utf8'), {
    filename: bundleFile,
    // No `import()` in the bundle (bundle-server.mjs checks): a vm.Script's needs an experimental flag on Node 20.
    cachedData: data,
  });
  const cache = outcome === 'accepted' && script.cachedDataRejected ? 'rejected' : outcome;
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const module = { exports: {} as Record<string, unknown> };
  run(module.exports, createRequire(bundleFile), module, bundleFile, dirname(bundleFile));
  return { exports: module.exports, cache, script };
}

/** Writes what `loaded` has compiled so far as the cache of `bundleFile`; false where no cache can be made. */
export function saveCodeCache(loaded: LoadedBundle, bundleFile: string, cacheFile = cacheFileOf(bundleFile)): boolean {
  if (!crc32) return false;
  const source = readFileSync(bundleFile);
  const data = loaded.script.createCachedData();
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(FORMAT, 4);
  header.writeUInt32LE(crc32(source), 8);
  header.writeUInt32LE(crc32(data), 12);
  header.writeUInt32LE(source.length, 16);
  writeFileSync(cacheFile, Buffer.concat([header, data]));
  return true;
}
