// Test support: a .GCC/ folder on disk as a map of its files' bytes (paths relative to .GCC/).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FolderFiles } from './workspace-now.ts';

export function readFolder(gccDir: string): FolderFiles {
  const files = new Map<string, Uint8Array>();
  files.set('main.md', new Uint8Array(readFileSync(join(gccDir, 'main.md'))));
  for (const branch of readdirSync(join(gccDir, 'branches'))) {
    const dir = join(gccDir, 'branches', branch);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) files.set(`branches/${branch}/${name}`, new Uint8Array(readFileSync(join(dir, name))));
  }
  return files;
}
