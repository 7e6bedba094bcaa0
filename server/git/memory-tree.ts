// .GCC/ as it is on disk now, written as a git tree into a private repository through a private index: each file is
// read once (one `hash-object --stdin-paths` for all), so the tree is the files as read at one moment each.
import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git, gitText } from './git-command.ts';
import { GCC_PATH } from './gcc-tree.ts';

interface Found {
  rel: string;
  mode: '100644' | '100755' | '120000';
  path: string;
}

/** Every regular file and link below `gccDir`, never through a link; FIFOs, sockets and devices are left out. */
function walk(gccDir: string): Found[] {
  const out: Found[] = [];
  const visit = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const relPath = rel ? `${rel}/${name}` : name;
      const info = lstatSync(path);
      if (info.isSymbolicLink()) out.push({ rel: relPath, mode: '120000', path });
      else if (info.isDirectory()) visit(path, relPath);
      else if (info.isFile()) out.push({ rel: relPath, mode: info.mode & 0o111 ? '100755' : '100644', path });
    }
  };
  visit(gccDir, '');
  return out;
}

/**
 * Writes the tree `{ .GCC: <gccDir as it is> }` into the repository at `gitDir` and returns its id. Files are hashed
 * with no filters (no attributes, no line-ending change: the bytes as they are), a link as its target, as git stores one.
 */
export async function writeMemoryTree(gitDir: string, gccDir: string): Promise<string> {
  const found = walk(gccDir);
  const files = found.filter((f) => f.mode !== '120000');
  const links = found.filter((f) => f.mode === '120000');
  const fileIds = files.length ? (await gitText(['hash-object', '-w', '--no-filters', '--stdin-paths'], { gitDir, input: files.map((f) => `${f.path}\n`).join('') })).split('\n') : [];
  const linkIds: string[] = [];
  for (const l of links) linkIds.push(await gitText(['hash-object', '-w', '--stdin'], { gitDir, input: readlinkSync(l.path) }));
  const lines = [...files.map((f, i) => `${f.mode} ${fileIds[i]}\t${GCC_PATH}/${f.rel}`), ...links.map((l, i) => `120000 ${linkIds[i]}\t${GCC_PATH}/${l.rel}`)];
  const scratch = mkdtempSync(join(tmpdir(), 'gcc-studio-index-'));
  try {
    // A private index: the repository's own (if it is the user's) is never read or written.
    const env = { GIT_INDEX_FILE: join(scratch, 'index') };
    await git(['update-index', '--add', '-z', '--index-info'], { gitDir, env, input: lines.map((l) => `${l}\0`).join('') });
    return await gitText(['write-tree'], { gitDir, env });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
