// The one-shot read answers as the live store does, and `only` never opens another branch's files.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { createEventBus } from './event-bus.ts';
import { readOnce } from './read-once.ts';
import { createStore } from './store.ts';

afterEach(removeTempCorpusCopies);

describe('readOnce', () => {
  it('answers as the store does', async () => {
    const { dir, gccDir } = tempCorpusCopy('python');
    const store = createStore({ gccDir, root: dir, readOnly: true, bus: createEventBus() });
    await store.load();
    const once = await readOnce({ gccDir, root: dir });
    expect(once.workspace()).toEqual(store.workspace());
    for (const b of store.workspace().branches) {
      expect(once.branch(b.name)).toEqual(store.branch(b.name));
      expect(once.contextText(b.name, 2, null)).toEqual(store.contextText(b.name, 2, null));
    }
  });

  it('reads only the branch asked for', async () => {
    const { dir, gccDir } = tempCorpusCopy('python');
    const store = createStore({ gccDir, root: dir, readOnly: true, bus: createEventBus() });
    await store.load();
    const expected = store.contextText('main', 1, null);
    const other = join(gccDir, 'branches', 'auth-jwt', 'log.md');
    rmSync(other);
    execFileSync('mkfifo', [other]);
    const once = await readOnce({ gccDir, root: dir, only: 'main' });
    expect(once.workspace().branches.map((b) => b.name)).toEqual(['main']);
    expect(once.workspace().diagnostics.filter((d) => d.file.includes('auth-jwt'))).toEqual([]);
    expect(once.contextText('main', 1, null)).toEqual(expected);
    expect(once.contextText('auth-jwt', 1, null)).toBeNull();
  });
});
