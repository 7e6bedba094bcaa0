// The log.md and commit.md files of every branch in a corpus folder: what the followed-file tests read, one by one.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function corpusBranchFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) corpusBranchFiles(p, out);
    else if (e.isFile() && (e.name === 'log.md' || e.name === 'commit.md') && p.includes('/branches/')) out.push(p);
  }
  return out;
}
