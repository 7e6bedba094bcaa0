// The flock protocol held without util-linux's flock (as on macOS: perl's Fcntl flock) and without perl (flock(1)): either
// way it excludes a real Contexa Python writer while we hold it, and a kill of our process lets it go.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contexaPeers, pythonWithYaml } from '../test-support/real-contexa.ts';
import { startFlockHolder } from '../test-support/flock-holder.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { flockTool, NO_FLOCK_TOOL } from './flock-tool.ts';
import { withWorkspaceLock } from './workspace-lock.ts';

// The interpreter itself (a pyenv shim would need the PATH this test takes away).
const python = execFileSync(pythonWithYaml(), ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
const perl = execFileSync('sh', ['-c', 'command -v perl'], { encoding: 'utf8' }).trim();
const flock = execFileSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).trim();
/** A PATH with perl and no flock (macOS), one with flock and no perl, one with neither. */
const perlOnly = mkdtempSync(join(tmpdir(), 'gcc-no-flock-bin-'));
const flockOnly = mkdtempSync(join(tmpdir(), 'gcc-no-perl-bin-'));
const empty = mkdtempSync(join(tmpdir(), 'gcc-empty-bin-'));
symlinkSync(perl, join(perlOnly, 'perl'));
symlinkSync(flock, join(flockOnly, 'flock'));
const originalPath = process.env.PATH;

afterAll(() => {
  process.env.PATH = originalPath;
  removeTempCorpusCopies();
  for (const d of [perlOnly, flockOnly, empty]) rmSync(d, { recursive: true, force: true });
});

/** What a real Python fcntl.flock(LOCK_EX | LOCK_NB) on .GCC/.lock finds: `held` by someone, or `free`. */
function probe(gccDir: string): string {
  const script = `import fcntl, os\nfd = os.open(${JSON.stringify(join(gccDir, '.lock'))}, os.O_CREAT | os.O_RDWR)\ntry:\n    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\n    print("free")\nexcept BlockingIOError:\n    print("held")`;
  return execFileSync(python, ['-c', script], { encoding: 'utf8' }).trim();
}

/** Whether process `pid` waits for a flock (/proc/locks lists a waiter as `N: -> FLOCK …`). */
const waitsForFlock = (pid: number): boolean => readFileSync('/proc/locks', 'utf8').split('\n').some((l) => /-> FLOCK/.test(l) && l.split(/\s+/).includes(String(pid)));

describe('the flock tool', () => {
  it('is perl where there is perl, else flock, else a clear error', async () => {
    expect(flockTool(perlOnly)?.name).toBe('perl');
    expect(flockTool(flockOnly)?.name).toBe('flock');
    expect(flockTool(empty)).toBeNull();
    const { gccDir } = tempCorpusCopy('python');
    process.env.PATH = empty;
    try {
      await expect(withWorkspaceLock(gccDir, 'python', async () => 'written')).rejects.toThrow(NO_FLOCK_TOOL);
    } finally {
      process.env.PATH = originalPath;
    }
  });
});

describe.each([
  ['no flock (macOS)', perlOnly],
  ['no perl', flockOnly],
])('the flock protocol with %s on the PATH', (_name, bin) => {
  beforeAll(() => {
    process.env.PATH = bin;
  });
  afterAll(() => {
    process.env.PATH = originalPath;
  });

  it("excludes a real Contexa Python writer while we hold it; it writes once we let go", async () => {
    const { dir, gccDir } = tempCorpusCopy('python');
    const log = join(gccDir, 'branches/main/log.md');
    const before = readFileSync(log, 'utf8');
    let writer: ReturnType<typeof spawn> | null = null;
    const done = await withWorkspaceLock(gccDir, 'python', async () => {
      expect(probe(gccDir)).toBe('held');
      const script = `from contexa.workspace import GCCWorkspace\nws = GCCWorkspace(${JSON.stringify(dir)})\nws.load()\nws.log_ota("after the lock", "t", "a")`;
      writer = spawn(python, ['-c', script], { env: { PYTHONPATH: join(contexaPeers(), 'python') }, stdio: 'inherit' });
      const exited = new Promise<number | null>((resolve) => writer!.once('exit', resolve));
      // The writer reaches its flock and waits there: the kernel lists it as a waiter.
      await expect.poll(() => waitsForFlock(writer!.pid!), { timeout: 20_000 }).toBe(true);
      expect(readFileSync(log, 'utf8')).toBe(before);
      // Wrapped: a promise returned as it is would be awaited under the lock.
      return { exited };
    });
    expect(await done.exited).toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('**Observation:** after the lock');
  });

  it('lets go when our process is killed', async () => {
    const { gccDir } = tempCorpusCopy('python');
    const holder = await startFlockHolder(gccDir, { ...process.env, PATH: bin });
    expect(probe(gccDir)).toBe('held');
    holder.kill('SIGKILL');
    await expect.poll(() => probe(gccDir), { timeout: 20_000 }).toBe('free');
  });
});
