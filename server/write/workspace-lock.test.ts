// The writers' lock taken for real against other processes, in each of the three protocols.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileDurable, writeFileAtomic } from './atomic-write.ts';
import { LockTimeoutError, lockProtocolsFor, withWorkspaceLock } from './workspace-lock.ts';

let gccDir: string;
beforeEach(() => {
  gccDir = join(mkdtempSync(join(tmpdir(), 'gcc-lock-')), '.GCC');
  mkdirSync(gccDir);
});
afterEach(() => rmSync(join(gccDir, '..'), { recursive: true, force: true }));

/** Whether another process could take the flock right now (flock -n fails with 1 when it is held). */
const flockIsFree = (path: string) => spawnSync('flock', ['--nonblock', path, 'true']).status === 0;

/** Another writer, in its own process, holding the flock for `ms` (as Contexa Python does around each write). */
function holdFlockElsewhere(path: string, ms: number): Promise<{ released: Promise<number> }> {
  return new Promise((resolve) => {
    const child = spawn('flock', ['--exclusive', path, '-c', `echo held; sleep ${ms / 1000}`]);
    const released = new Promise<number>((done) => child.once('exit', () => done(Date.now())));
    child.stdout.once('data', () => resolve({ released }));
  });
}

describe('lockProtocolsFor', () => {
  it("follows each writer's protocol", () => {
    for (const d of ['python', 'rust', 'go', 'zig', 'unknown'] as const) expect(lockProtocolsFor(d)).toEqual(['flock']);
    expect(lockProtocolsFor('typescript')).toEqual(['exclusive-file', 'flock']);
    expect(lockProtocolsFor('elixir')).toEqual(['exclusive-file', 'flock']);
    expect(lockProtocolsFor('lua')).toEqual(['lock-dir']);
  });
});

describe('withWorkspaceLock (flock)', () => {
  it('holds a real flock on .GCC/.lock that other processes see, and keeps the file as Python does', async () => {
    const lock = join(gccDir, '.lock');
    const seen = await withWorkspaceLock(gccDir, 'python', async () => flockIsFree(lock));
    expect(seen).toBe(false);
    expect(flockIsFree(lock)).toBe(true);
    expect(existsSync(lock)).toBe(true);
  });

  it('waits for a writer in another process to let go', async () => {
    const lock = join(gccDir, '.lock');
    const other = await holdFlockElsewhere(lock, 300);
    let gotAt = 0;
    await withWorkspaceLock(gccDir, 'go', async () => {
      gotAt = Date.now();
    });
    expect(gotAt).toBeGreaterThanOrEqual((await other.released) - 5);
  });

  it('gives up with LockTimeoutError and never runs the change', async () => {
    const other = await holdFlockElsewhere(join(gccDir, '.lock'), 700);
    let ran = false;
    await expect(withWorkspaceLock(gccDir, 'rust', async () => void (ran = true), { timeoutMs: 200 })).rejects.toBeInstanceOf(LockTimeoutError);
    expect(ran).toBe(false);
    await other.released;
  });

  it('releases the lock when the change throws', async () => {
    await expect(withWorkspaceLock(gccDir, 'python', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(flockIsFree(join(gccDir, '.lock'))).toBe(true);
  });

  it('runs concurrent changes of this process one after another', async () => {
    const order: string[] = [];
    const task = (name: string) =>
      withWorkspaceLock(gccDir, 'python', async () => {
        order.push(`${name}+`);
        await new Promise((r) => setTimeout(r, 30));
        order.push(`${name}-`);
      });
    await Promise.all([task('a'), task('b'), task('c')]);
    expect(order).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
  });
});

describe('withWorkspaceLock (TypeScript and Elixir: exclusive .lock file)', () => {
  it('creates .lock exclusively while held and removes it after', async () => {
    const lock = join(gccDir, '.lock');
    const during = await withWorkspaceLock(gccDir, 'typescript', async () => existsSync(lock) && !flockIsFree(lock));
    expect(during).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });

  it('waits while another writer holds a fresh .lock, and takes over a stale one as TypeScript does', async () => {
    const lock = join(gccDir, '.lock');
    writeFileSync(lock, '');
    await expect(withWorkspaceLock(gccDir, 'elixir', async () => 'x', { timeoutMs: 150 })).rejects.toBeInstanceOf(LockTimeoutError);
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lock, old, old);
    await expect(withWorkspaceLock(gccDir, 'typescript', async () => 'ran')).resolves.toBe('ran');
  });
});

describe('withWorkspaceLock (Lua: .lock_dir)', () => {
  it('makes .lock_dir while held and waits for another holder', async () => {
    const dir = join(gccDir, '.lock_dir');
    expect(await withWorkspaceLock(gccDir, 'lua', async () => statSync(dir).isDirectory())).toBe(true);
    expect(existsSync(dir)).toBe(false);
    mkdirSync(dir);
    await expect(withWorkspaceLock(gccDir, 'lua', async () => 'x', { timeoutMs: 100 })).rejects.toBeInstanceOf(LockTimeoutError);
  });
});

describe('file writes', () => {
  it('replaces a file atomically, keeping its mode and leaving no temp file', async () => {
    const file = join(gccDir, 'main.md');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    await writeFileAtomic(file, 'new — ✓');
    expect(readFileSync(file, 'utf8')).toBe('new — ✓');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(gccDir)).toEqual(['main.md']);
  });

  it('appends', async () => {
    const file = join(gccDir, 'log.md');
    writeFileSync(file, 'a');
    await appendFileDurable(file, 'b');
    await appendFileDurable(file, new TextEncoder().encode('c'));
    expect(readFileSync(file, 'utf8')).toBe('abc');
  });
});
