// Where gcc-studio's own files are (its package.json, the built page), from the sources and from the build alike.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'gcc-studio';

/**
 * Walks up from this module: it runs from the sources (server/cli/, in tests and development) and from the build
 * (dist/server/cli/, in a clone after `npm ci` and in an installed package), at different depths.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
      } catch {
        // Not ours (or unreadable): keep looking further up.
      }
    }
    if (dirname(dir) === dir) throw new Error(`gcc-studio: cannot find its own package.json above ${from}`);
  }
}

/** The folder holding gcc-studio's package.json. */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The page, as `vite build` writes it. */
export const BUILT_PAGE_DIR = join(PACKAGE_ROOT, 'dist', 'web');

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
