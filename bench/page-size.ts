// The page's weight from Vite's own build: first-screen JS (the entry and its static imports, gzipped) and the largest
// chunk.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { BenchRow } from './stats.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Its manifest says which chunks the entry imports statically; chunks behind a dynamic import() (compare, Markdown, roadmap, diagnostics, search results) load when first drawn. */
export async function runPageSizeBench(): Promise<BenchRow[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'gcc-bench-page-'));
  try {
    await build({ configFile: join(import.meta.dirname, '..', 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    if (!entry) throw new Error('the page build has no entry chunk');
    const firstScreen = new Set<string>();
    const visit = (key: string) => {
      if (firstScreen.has(key)) return;
      firstScreen.add(key);
      for (const dep of manifest[key]!.imports ?? []) visit(dep);
    };
    visit(entry);
    const bytes = (key: string) => readFileSync(join(outDir, manifest[key]!.file));
    const firstGzip = [...firstScreen].reduce((sum, key) => sum + gzipSync(bytes(key)).length, 0);
    const jsChunks = Object.keys(manifest).filter((k) => manifest[k]!.file.endsWith('.js'));
    const largest = jsChunks.map((k) => ({ file: manifest[k]!.file, size: bytes(k).length })).sort((a, b) => b.size - a.size)[0]!;
    const lazy = jsChunks.length - firstScreen.size;
    return [
      { name: 'first-screen JS (entry + static imports), gzip', value: `${(firstGzip / 1024).toFixed(1)} kB in ${firstScreen.size} chunk(s); ${lazy} chunk(s) load on first use`, target: '≤ 120 kB', ok: firstGzip <= 120 * 1024 },
      { name: 'largest chunk, raw', value: `${(largest.size / 1024).toFixed(1)} kB (${largest.file})`, target: '≤ 500 kB', ok: largest.size <= 500 * 1024 },
    ];
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
