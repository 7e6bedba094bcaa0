// `gcc-studio export … --html FILE` run as a user would, into a temp folder; the page is then opened from file://.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './studio.ts';

export interface ExportedFile {
  file: string;
  /** The file's URL, with `query` (e.g. `?ws=gamma`) when given. */
  url(query?: string): string;
  remove(): void;
}

/** Exports DIR (a workspace or a fleet root) with the extra arguments (`--at M`) to a temp file. */
export function exportHtml(dir: string, ...args: string[]): ExportedFile {
  const out = mkdtempSync(join(tmpdir(), 'gcc-export-e2e-'));
  const file = join(out, 'memory.html');
  execFileSync(process.execPath, [join(REPO, 'bin', 'gcc-studio.js'), 'export', dir, ...args, '--html', file], { stdio: 'pipe' });
  return { file, url: (query = '') => `${pathToFileURL(file).href}${query}`, remove: () => rmSync(out, { recursive: true, force: true }) };
}
