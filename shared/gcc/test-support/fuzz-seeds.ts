// Test support: every log.md, commit.md, metadata.yaml and main.md of the fixture corpus (all seven writers, the
// edge cases, the damaged ones), as seed files for fuzz-inputs.ts. The large generated log is left out (its size
// would only slow every mutation down).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORPUS } from '../../../fixtures/corpus.ts';
import type { FuzzFileKind, FuzzSeedFile } from './fuzz-inputs.ts';

const KINDS: Record<string, FuzzFileKind> = { 'log.md': 'log', 'commit.md': 'commit', 'metadata.yaml': 'metadata', 'main.md': 'roadmap' };
const MAX_SEED_BYTES = 256 * 1024;

export function corpusSeedFiles(root = CORPUS): FuzzSeedFile[] {
  const out: FuzzSeedFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && KINDS[entry.name] && statSync(path).size <= MAX_SEED_BYTES) {
        out.push({ kind: KINDS[entry.name]!, source: relative(root, path), bytes: new Uint8Array(readFileSync(path)) });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => a.source.localeCompare(b.source));
}
