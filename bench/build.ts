// The bench measures the command a user runs (bin/ on dist/): compile and bundle the server first when its sources are
// newer.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '..');
export const BIN = join(REPO, 'bin', 'gcc-studio.js');

function newest(dir: string, ext: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p, ext));
    else if (e.name.endsWith(ext) && !e.name.endsWith(`.test${ext}`)) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

/**
 * Runs `tsc -p tsconfig.build.json` and the start-up bundle (scripts/bundle-server.mjs, what bin/ runs) when either
 * is missing or older than server/ or shared/. Says what it did.
 */
export function ensureServerBuilt(): string {
  const builtAt = (read: () => number) => {
    try {
      return read();
    } catch {
      return 0;
    }
  };
  const built = Math.min(
    builtAt(() => newest(join(REPO, 'dist', 'server'), '.js')),
    // The code cache is the bundle's last output.
    builtAt(() => statSync(join(REPO, 'dist', 'bundle', 'main.cjs.cache')).mtimeMs),
  );
  const sources = Math.max(newest(join(REPO, 'server'), '.ts'), newest(join(REPO, 'shared'), '.ts'));
  if (built >= sources) return 'dist/ is up to date';
  const t0 = performance.now();
  execFileSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], { cwd: REPO, stdio: 'inherit' });
  execFileSync(process.execPath, [join(REPO, 'scripts', 'bundle-server.mjs')], { cwd: REPO, stdio: 'inherit' });
  return `compiled the server into dist/ and bundled it (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
}
