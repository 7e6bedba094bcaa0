// Test support only (imported by *.test.ts): reads the fixture corpus. Not part of the format core.

import { CORPUS } from '../../../fixtures/corpus.ts';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Dialect } from '../../types.ts';

export { CORPUS } from '../../../fixtures/corpus.ts';

export interface CorpusFile {
  /** e.g. `edge/zig/.GCC/branches/main/log.md` */
  path: string;
  /** Path relative to .GCC/. */
  file: string;
  branch: string;
  kind: 'log' | 'commit';
  dialect: Dialect;
  bytes: Uint8Array;
}

const LANGS: Dialect[] = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir'];

/** Which writer produced a corpus folder (bad/ cases are damaged copies of typescript/). */
export function dialectOf(path: string): Dialect {
  const parts = path.split('/');
  for (const p of parts) if ((LANGS as string[]).includes(p)) return p as Dialect;
  if (parts[0] === 'bad') return 'typescript';
  if (parts[0] === 'mixed-py-ts') return 'python';
  return 'python';
}

/** Every log.md and commit.md of the corpus (symlinked branches skipped). */
export function corpusFiles(): CorpusFile[] {
  const out: CorpusFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) {
        if (name === 'readers' || name === 'outside-gcc') continue;
        walk(full);
      } else if (name === 'log.md' || name === 'commit.md') {
        const path = relative(CORPUS, full);
        const m = /(?:^|\/)\.GCC\/(branches\/([^/]+)\/(log|commit)\.md)$/.exec(path);
        if (!m) continue;
        out.push({ path, file: m[1]!, branch: m[2]!, kind: m[3] as 'log' | 'commit', dialect: dialectOf(path), bytes: new Uint8Array(readFileSync(full)) });
      }
    }
  };
  walk(CORPUS);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

export function readCorpus(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(CORPUS, path)));
}

/** A corpus file as UTF-8 text, or null when the case has no such file. */
export function readCorpusText(path: string): string | null {
  try {
    return readFileSync(join(CORPUS, path), 'utf8');
  } catch {
    return null;
  }
}

export function corpusExists(path: string): boolean {
  return existsSync(join(CORPUS, path));
}

export interface ScriptOp {
  op: string;
  o?: string;
  t?: string;
  a?: string;
  c?: string;
  name?: string;
}

/** What the agent passed in, per branch: the `log` and `commit` ops that succeeded, in order. */
export function expectedFromScript(scriptPath: string, oplogPath: string): Map<string, { steps: ScriptOp[]; commits: ScriptOp[] }> {
  const ops = (JSON.parse(readFileSync(join(CORPUS, scriptPath), 'utf8')) as { ops: ScriptOp[] }).ops;
  const oplog = existsSync(join(CORPUS, oplogPath))
    ? (JSON.parse(readFileSync(join(CORPUS, oplogPath), 'utf8')) as { op: string; ok: boolean; error?: string }[])
    : null;
  const out = new Map<string, { steps: ScriptOp[]; commits: ScriptOp[] }>();
  const of = (b: string) => {
    let e = out.get(b);
    if (!e) out.set(b, (e = { steps: [], commits: [] }));
    return e;
  };
  let current = 'main';
  ops.forEach((op, i) => {
    // A failed op wrote nothing, except where the oplog says the record was still written.
    if (oplog && oplog[i] && !oplog[i]!.ok && !/\bwritten\b/.test(oplog[i]!.error ?? '')) return;
    if (op.op === 'branch') current = op.name!;
    else if (op.op === 'merge') current = 'main';
    else if (op.op === 'log') of(current).steps.push(op);
    else if (op.op === 'commit') of(current).commits.push(op);
  });
  return out;
}
