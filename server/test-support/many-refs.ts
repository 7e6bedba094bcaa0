// Test support and bench: a bare remote holding many agents' memory, each on its own refs/heads/gcc/ ref, made with
// one `git fast-import` (a commit per ref by plumbing: thousands in a second, where pushes would take minutes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitIn } from './git-repos.ts';

/** A .GCC/ folder's files to copy onto every ref, by path below .GCC/. */
export function gccFiles(gccDir: string, paths: readonly string[]): Map<string, Buffer> {
  return new Map(paths.map((p) => [p, readFileSync(join(gccDir, p))]));
}

/**
 * Writes `count` refs refs/heads/gcc/agent-NNNN into the bare `remote`, each a commit of `.GCC/` holding `files` and a
 * main.md of its own (so no two trees are the same); `extra(i)` adds files of that ref's own.
 */
export function writeManyRefs(remote: string, count: number, files: ReadonlyMap<string, Buffer>, extra: (i: number) => Map<string, Buffer> = () => new Map()): string[] {
  const chunks: Buffer[] = [];
  const put = (s: string) => chunks.push(Buffer.from(s));
  const data = (b: Buffer) => {
    put(`data ${b.length}\n`);
    chunks.push(b, Buffer.from('\n'));
  };
  let mark = 0;
  const shared = new Map<string, number>();
  for (const [path, bytes] of files) {
    put(`blob\nmark :${++mark}\n`);
    data(bytes);
    shared.set(path, mark);
  }
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    const ref = `refs/heads/gcc/agent-${String(i).padStart(4, '0')}`;
    refs.push(ref);
    put(`commit ${ref}\ncommitter Agent ${i} <agent${i}@example.com> ${1_760_000_000 + i} +0000\n`);
    data(Buffer.from(`memory of agent ${i}`));
    for (const [path, m] of shared) put(`M 100644 :${m} .GCC/${path}\n`);
    put(`M 100644 inline .GCC/main.md\n`);
    data(Buffer.from(`# Agent ${i}\n`));
    for (const [path, bytes] of extra(i)) {
      put(`M 100644 inline .GCC/${path}\n`);
      data(bytes);
    }
    put('\n');
  }
  gitIn(remote, ['fast-import', '--quiet'], Buffer.concat(chunks));
  return refs;
}
