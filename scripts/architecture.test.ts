// The layout's rules on the real tree, and on planted violations (so the check itself can fail).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findViolations, findWarnings, LONG_FILE_LINES, MAX_FILE_LINES, missingEntries } from './architecture.ts';

const ROOT = new URL('..', import.meta.url);

function trackedSources(): Map<string, string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'shared', 'server', 'web'], { cwd: ROOT, encoding: 'utf8' });
  const files = new Map<string, string>();
  for (const file of listed.split('\n')) {
    if (!/\.tsx?$/.test(file)) continue;
    try {
      files.set(file, readFileSync(new URL(file, ROOT), 'utf8'));
    } catch {
      // Deleted in the working tree but still in the index.
    }
  }
  return files;
}

describe('the tree', () => {
  it('keeps every rule', () => {
    const files = trackedSources();
    expect(files.size).toBeGreaterThan(100);
    expect(findViolations(files).map((v) => `${v.file}:${v.line} ${v.rule}: ${v.message}`)).toEqual([]);
  });

  it('gives every server folder its one door', () => {
    expect(missingEntries(trackedSources()).map((v) => v.message)).toEqual([]);
  });
});

describe('planted violations', () => {
  const one = (file: string, text: string) => findViolations(new Map([[file, text]])).map((v) => v.rule);

  it('shared/ importing node: or the server or the page', () => {
    expect(one('shared/gcc/read/x.ts', "import { readFileSync } from 'node:fs';\n")).toEqual(['node-in-shared']);
    expect(one('shared/gcc/read/x.ts', "import { join } from 'path';\n")).toEqual(['node-in-shared']);
    expect(one('shared/x.ts', "export { a } from '../server/live/store.ts';\n")).toEqual(['shared-imports-app']);
    expect(one('shared/x.ts', "const m = await import('../web/ui/time.ts');\n")).toEqual(['shared-imports-app']);
    expect(one('shared/gcc/read/x.test.ts', "import { readFileSync } from 'node:fs';\n")).toEqual([]);
  });

  it('the page importing the server or node:, and the server importing the page', () => {
    expect(one('web/api/x.ts', "import type { Store } from '../../server/live/store.ts';\n")).toEqual(['web-imports-server']);
    expect(one('web/ui/x.ts', "import { readFile } from 'node:fs/promises';\n")).toEqual(['web-imports-server']);
    expect(one('server/http/x.ts', "import { statusClass } from '../../web/ui/status.ts';\n")).toEqual(['server-imports-web']);
  });

  it('a feature reaching into another feature instead of its index', () => {
    expect(one('web/features/log/x.tsx', "import { EditedMark } from '../edit/EditedMark.tsx';\n")).toEqual(['feature-internals']);
    expect(one('web/features/log/x.tsx', "import { EditedMark } from '../edit/index.ts';\n")).toEqual([]);
    expect(one('web/features/log/x.tsx', "import { StepCard } from './StepCard.tsx';\n")).toEqual([]);
    expect(one('web/shell/x.tsx', "import { SearchBox } from '../features/search/SearchBox.tsx';\n")).toEqual(['feature-internals']);
  });

  it('a lower layer of the page importing a higher one', () => {
    expect(one('web/ui/x.tsx', "import { GraphPanel } from '../features/graph/index.ts';\n")).toEqual(['web-layering']);
    expect(one('web/api/x.ts', "import { useUrlState } from '../state/useUrlState.ts';\n")).toEqual(['web-layering']);
    expect(one('web/features/x/y.tsx', "import { Header } from '../../shell/Header.tsx';\n")).toEqual(['web-layering']);
  });

  it('a long file, and a long function unless it says why it is one piece', () => {
    expect(one('server/x.ts', 'const a = 1;\n'.repeat(MAX_FILE_LINES + 1))).toEqual(['file-length']);
    const body = '  step();\n'.repeat(85);
    expect(one('server/x.ts', `export function f() {\n${body}}\n`)).toEqual(['function-length']);
    expect(one('server/x.ts', `// One piece: the states share locals.\nexport function f() {\n${body}}\n`)).toEqual([]);
    expect(one('server/x.ts', `/** One piece: a transcription of the reader. */\nconst f = () => {\n${body}};\n`)).toEqual([]);
    expect(one('server/x.test.ts', `describe('x', () => {\n${body}});\n`)).toEqual([]);
  });

  it('a server folder reached past its index.ts, or without one', () => {
    expect(one('server/http/x.ts', "import { createStore } from '../live/store.ts';\n")).toEqual(['server-internals']);
    expect(one('server/http/x.ts', "const m = await import('../fleet/fleet-serve.ts');\n")).toEqual(['server-internals']);
    expect(one('server/http/x.ts', "import type { Store } from '../live/store.ts';\n")).toEqual(['server-internals']);
    expect(one('server/http/x.ts', "import { createStore } from '../live/index.ts';\n")).toEqual([]);
    expect(one('server/http/routes/x.ts', "import { startServer } from '../serve.ts';\n")).toEqual([]);
    expect(one('server/http/x.test.ts', "import { createStore } from '../live/store.ts';\n")).toEqual([]);
    expect(one('server/test-support/x.ts', "import { injectFaults } from '../fs/file-faults.ts';\n")).toEqual([]);
    const tree = new Map([['server/live/store.ts', ''], ['server/live/index.ts', ''], ['server/fs/disk-source.ts', ''], ['server/test-support/x.ts', '']]);
    expect(missingEntries(tree).map((v) => v.rule)).toEqual(['server-entry']);
    expect(missingEntries(tree)[0]!.file).toBe('server/fs/');
  });

  it('a long file is a warning, not a violation', () => {
    const files = new Map([['server/x.ts', 'const a = 1;\n'.repeat(LONG_FILE_LINES + 1)]]);
    expect(findViolations(files)).toEqual([]);
    expect(findWarnings(files).map((v) => v.rule)).toEqual(['long-file']);
  });
});
