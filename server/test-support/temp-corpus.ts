// Temp copies of fixture corpus cases for the server's tests: each test writes to its own copy, never to the corpus.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS } from '../../fixtures/corpus.ts';

const made: string[] = [];

/** A new temp folder holding a copy of `<corpus>/<corpusCase>/.GCC` as `.GCC` (no .GCC/ when the case is null). */
export function tempCorpusCopy(corpusCase: string | null): { dir: string; gccDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-part-'));
  made.push(dir);
  const gccDir = join(dir, '.GCC');
  if (corpusCase) cpSync(join(CORPUS, corpusCase, '.GCC'), gccDir, { recursive: true, verbatimSymlinks: true });
  return { dir, gccDir };
}

/** Removes every copy made so far; for afterEach. */
export function removeTempCorpusCopies(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}
