// The checked read before a write, in the words a refused edit uses.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pathProblem, readInside } from './safe-open.ts';

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** root/.GCC with branches/main/log.md, and an outside file holding a secret. */
function layout() {
  const root = mkdtempSync(join(tmpdir(), 'gcc-safe-'));
  temps.push(root);
  const gcc = join(root, '.GCC');
  mkdirSync(join(gcc, 'branches/main'), { recursive: true });
  writeFileSync(join(gcc, 'branches/main/log.md'), 'inside');
  mkdirSync(join(root, 'outside/main'), { recursive: true });
  writeFileSync(join(root, 'outside/main/log.md'), 'secret');
  writeFileSync(join(root, 'outside/main.md'), 'secret');
  return { root, gcc };
}

describe('readInside', () => {
  it('reads a file reached without links, and tells a missing file from an unreadable one', async () => {
    const { gcc } = layout();
    const read = await readInside(gcc, 'branches/main/log.md');
    expect(read.ok && new TextDecoder().decode(read.bytes)).toBe('inside');
    expect(await readInside(gcc, 'main.md')).toEqual({ ok: false, missing: true, message: 'does not exist' });
    expect(await readInside(gcc, 'branches/nope/log.md')).toMatchObject({ ok: false, missing: true, message: 'does not exist (there is no branches/nope)' });
  });

  it('follows no link: not the file, not its branch folder, not branches/', async () => {
    const { root, gcc } = layout();
    symlinkSync(join(root, 'outside/main.md'), join(gcc, 'main.md'));
    expect(await readInside(gcc, 'main.md')).toMatchObject({ ok: false, missing: false, message: expect.stringMatching(/^is a symbolic link; not followed/) });
    rmSync(join(gcc, 'branches'), { recursive: true });
    symlinkSync(join(root, 'outside'), join(gcc, 'branches'));
    expect(await readInside(gcc, 'branches/main/log.md')).toMatchObject({ ok: false, message: expect.stringMatching(/^lies under branches\/, which is a symbolic link/) });
    expect(await pathProblem(gcc, 'branches/main')).toMatchObject({ atFile: false, missing: false });
  });

  it('says a folder is a folder', async () => {
    const { gcc } = layout();
    mkdirSync(join(gcc, 'main.md'));
    expect(await readInside(gcc, 'main.md')).toEqual({ ok: false, missing: false, message: 'is a folder, not a file (EISDIR)' });
  });
});
