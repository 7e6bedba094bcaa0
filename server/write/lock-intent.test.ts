// Lua's lock left by a process killed between `mkdir .GCC/.lock_dir` and its record inside: the intent it recorded
// first names the folder as ours, so the next writer and start-up remove it at once; a Lua writer's folder stays.
import { existsSync, mkdirSync, readdirSync, rmdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killedAfterLockDirMkdir } from '../test-support/lock-dir-crash.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { recoverWorkspace } from './recovery.ts';
import { LockTimeoutError, withWorkspaceLock } from './workspace-lock.ts';

afterEach(removeTempCorpusCopies);

const intents = (dir: string) => readdirSync(join(dir, '.gcc-studio')).filter((n) => n.startsWith('lock-intent-'));

describe("a crash between Lua's mkdir and our record", () => {
  it('the next writer removes our folder at once', async () => {
    const { dir, gccDir } = tempCorpusCopy('lua');
    expect(await killedAfterLockDirMkdir(gccDir)).toBe('SIGKILL');
    expect(readdirSync(join(gccDir, '.lock_dir'))).toEqual([]);
    expect(intents(dir)).toHaveLength(1);
    // A short deadline: waiting on the folder would time out.
    await withWorkspaceLock(gccDir, 'lua', async () => expect(existsSync(join(gccDir, '.lock_dir'))).toBe(true), { timeoutMs: 1_000 });
    expect(existsSync(join(gccDir, '.lock_dir'))).toBe(false);
    expect(intents(dir)).toEqual([]);
  });

  it('start-up removes it and says so', async () => {
    const { dir, gccDir } = tempCorpusCopy('lua');
    expect(await killedAfterLockDirMkdir(gccDir)).toBe('SIGKILL');
    const report = await recoverWorkspace(gccDir, { readOnly: false });
    expect(report.lines.join('\n')).toMatch(/removed a stale lock of ours: \.GCC\/\.lock_dir/);
    expect(existsSync(join(gccDir, '.lock_dir'))).toBe(false);
    expect(intents(dir)).toEqual([]);
  });

  it("a Lua writer's folder, made long after a dead intent, is never taken", async () => {
    const { dir, gccDir } = tempCorpusCopy('lua');
    expect(await killedAfterLockDirMkdir(gccDir)).toBe('SIGKILL');
    // Our folder went away; the intent is a minute old when a Lua writer makes its own.
    const [intent] = intents(dir);
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, '.gcc-studio', intent!), old, old);
    rmdirSync(join(gccDir, '.lock_dir'));
    mkdirSync(join(gccDir, '.lock_dir'));
    await expect(withWorkspaceLock(gccDir, 'lua', async () => {}, { timeoutMs: 300 })).rejects.toBeInstanceOf(LockTimeoutError);
    const report = await recoverWorkspace(gccDir, { readOnly: false });
    expect(report.lines.join('\n')).toMatch(/names no owner/);
    expect(existsSync(join(gccDir, '.lock_dir'))).toBe(true);
  });
});
