// The watcher's path rules: what is part of the format, and chokidar's paths as paths relative to .GCC/.
import { describe, expect, it } from 'vitest';
import { basename, dirname, relative, sep } from 'node:path';
import fc from 'fast-check';
import { gccPaths, isWatchedGccPath } from './watched-paths.ts';

describe('isWatchedGccPath', () => {
  it('accepts the format files and refuses locks, temp files and deeper paths', () => {
    for (const p of ['', 'main.md', 'branches', 'branches/main', 'branches/x/log.md', 'branches/x/commit.md', 'branches/x/metadata.yaml']) {
      expect(isWatchedGccPath(p), p).toBe(true);
    }
    for (const p of ['.lock', '.lock_dir', 'main.md~', '.main.md.swp', 'notes.txt', 'branches/x/log.md.tmp', 'branches/x/.log.md.swp', 'branches/x/sub/log.md', 'branches/.hidden']) {
      expect(isWatchedGccPath(p), p).toBe(false);
    }
  });
});

describe('gccPaths', () => {
  // The rule as it was written first, with path.relative: the sliced one must say the same of every path.
  function byRelative(gccDir: string) {
    const parent = dirname(gccDir);
    const gccName = basename(gccDir);
    const toGccRelative = (path: string): string | null => {
      const fromParent = relative(parent, path).split(sep).join('/');
      if (fromParent === '') return null;
      if (fromParent === gccName) return '';
      if (!fromParent.startsWith(`${gccName}/`)) return null;
      return fromParent.slice(gccName.length + 1);
    };
    const ignored = (path: string) => relative(parent, path) !== '' && (toGccRelative(path) === null || !isWatchedGccPath(toGccRelative(path)!));
    return { toGccRelative, ignored };
  }

  it('turns every path, normalized or not, into what path.relative makes of it', () => {
    const part = fc.constantFrom('.GCC', 'branches', 'main', 'log.md', 'metadata.yaml', 'main.md', '.lock', '..', '.', '', 'x y', 'project');
    fc.assert(
      fc.property(fc.constantFrom('/tmp/project/.GCC', '/.GCC', '/tmp/a b/.GCC'), fc.array(part, { maxLength: 6 }), fc.boolean(), (gccDir, parts, fromParent) => {
        const path = (fromParent ? dirname(gccDir) : '/elsewhere') + '/' + parts.join('/');
        const now = gccPaths(gccDir);
        const before = byRelative(gccDir);
        expect(now.toGccRelative(path), path).toBe(before.toGccRelative(path));
        expect(now.ignored(path), path).toBe(before.ignored(path));
      }),
      { numRuns: 2000 },
    );
  });
});
