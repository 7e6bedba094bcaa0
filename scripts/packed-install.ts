// The package as a user installs it: `npm pack` of this checkout (its prepack builds what is stale), then
// `npm install --omit=dev` of the tarball into an empty folder. Used by the package smoke test and the bench.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface PackedInstall {
  /** The installed command's entry, run with `node`. */
  bin: string;
  /** node_modules of the install. */
  modules: string;
  version: string;
  /** Files in the package and their unpacked size. */
  files: string[];
  unpackedBytes: number;
  remove(): void;
}

export function installPacked(): PackedInstall {
  const work = mkdtempSync(join(tmpdir(), 'gcc-studio-packed-'));
  try {
    const [packed] = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })) as {
      filename: string;
      version: string;
      unpackedSize: number;
      files: { path: string }[];
    }[];
    const app = join(work, 'app');
    execFileSync(npm, ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefix', app, join(work, packed!.filename)], { stdio: ['ignore', 'ignore', 'inherit'] });
    const modules = join(app, 'node_modules');
    return {
      bin: join(modules, 'gcc-studio', 'bin', 'gcc-studio.js'),
      modules,
      version: packed!.version,
      files: packed!.files.map((f) => f.path),
      unpackedBytes: packed!.unpackedSize,
      remove: () => rmSync(work, { recursive: true, force: true }),
    };
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}

export function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += directoryBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}
