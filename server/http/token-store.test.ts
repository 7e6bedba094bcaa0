// The kept token, on a real temp folder: reused across starts, private (0700/0600), and never taken from a file that
// is not plainly ours.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runtimeDirectory, tokenFileFor, workspaceToken } from './token-store.ts';

const temps: string[] = [];
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-token-store-'));
  temps.push(dir);
  return dir;
}
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function workspace(): { runtime: string; gcc: string } {
  const root = temp();
  const gcc = join(root, 'project', '.GCC');
  mkdirSync(gcc, { recursive: true });
  return { runtime: join(root, 'runtime'), gcc };
}

describe('workspaceToken', () => {
  it('keeps one token per workspace across starts, outside .GCC/, in a 0700 folder and a 0600 file', () => {
    const { runtime, gcc } = workspace();
    const first = workspaceToken(runtime, gcc);
    expect(first).toMatchObject({ reused: false, replacedBecause: null });
    const again = workspaceToken(runtime, gcc);
    expect(again).toMatchObject({ token: first.token, reused: true });
    expect(first.file.startsWith(runtime)).toBe(true);
    expect(statSync(runtime).mode & 0o777).toBe(0o700);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(first.file, 'utf8'))).toMatchObject({ workspace: gcc, token: first.token });
    const other = workspace();
    const otherToken = workspaceToken(runtime, other.gcc);
    expect(otherToken.token).not.toBe(first.token);
    expect(otherToken.file).not.toBe(first.file);
  });

  it('makes a new one on request (--new-token)', () => {
    const { runtime, gcc } = workspace();
    const first = workspaceToken(runtime, gcc);
    const fresh = workspaceToken(runtime, gcc, { fresh: true });
    expect(fresh.token).not.toBe(first.token);
    expect(workspaceToken(runtime, gcc).token).toBe(fresh.token);
  });

  it('never uses a file others can read, a link, a damaged file, or one naming another workspace', () => {
    const { runtime, gcc } = workspace();
    const cases: [string, (file: string, token: string) => void, RegExp][] = [
      ['world-readable', (file) => chmodSync(file, 0o644), /others could read it/],
      ['a link', (file, token) => {
        const planted = join(temp(), 'planted.json');
        writeFileSync(planted, JSON.stringify({ workspace: gcc, token }), { mode: 0o600 });
        rmSync(file);
        symlinkSync(planted, file);
      }, /symbolic link/],
      ['damaged', (file) => writeFileSync(file, '{"workspace": ', { mode: 0o600 }), /not valid JSON/],
      ['another workspace', (file, token) => writeFileSync(file, JSON.stringify({ workspace: '/elsewhere', token }), { mode: 0o600 }), /another workspace/],
      ['no token', (file) => writeFileSync(file, JSON.stringify({ workspace: gcc, token: 'x y' }), { mode: 0o600 }), /no valid token/],
    ];
    for (const [name, spoil, why] of cases) {
      const before = workspaceToken(runtime, gcc);
      spoil(before.file, before.token);
      const after = workspaceToken(runtime, gcc);
      expect(after.reused, name).toBe(false);
      expect(after.token, name).not.toBe(before.token);
      expect(after.replacedBecause, name).toMatch(why);
      expect(statSync(after.file).isFile() && (statSync(after.file).mode & 0o777) === 0o600, name).toBe(true);
    }
  });

  it('closes an existing folder that others could enter, and prunes files of workspaces that are gone', () => {
    const { runtime, gcc } = workspace();
    const gone = workspace();
    mkdirSync(runtime, { mode: 0o755 });
    chmodSync(runtime, 0o755);
    const goneFile = workspaceToken(runtime, gone.gcc).file;
    rmSync(join(gone.gcc, '..', '..'), { recursive: true, force: true });
    workspaceToken(runtime, gcc);
    expect(statSync(runtime).mode & 0o777).toBe(0o700);
    expect(existsSync(goneFile)).toBe(false);
    expect(existsSync(tokenFileFor(runtime, gcc))).toBe(true);
  });
});

describe('runtimeDirectory', () => {
  it('follows $GCC_STUDIO_RUNTIME_DIR, else the platform’s per-user data folder (as Jupyter does)', () => {
    expect(runtimeDirectory({ GCC_STUDIO_RUNTIME_DIR: '/r' }, 'linux', '/home/u')).toBe('/r');
    expect(runtimeDirectory({}, 'linux', '/home/u')).toBe('/home/u/.local/share/gcc-studio/runtime');
    expect(runtimeDirectory({ XDG_DATA_HOME: '/x' }, 'linux', '/home/u')).toBe('/x/gcc-studio/runtime');
    expect(runtimeDirectory({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/gcc-studio/runtime');
  });
});
