// The 205,000-step workload, written as the Python writer would, in small.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateLargeWorkspace } from './gen-large.ts';

const scratch = mkdtempSync(join(tmpdir(), 'gcc-gen-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The bench must measure the same bytes the corpus's generator writes; compare with it where python3 exists.
const hasPython = (() => {
  try {
    execFileSync('python3', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(hasPython)('generateLargeWorkspace', () => {
  for (const dialect of ['ts', 'py'] as const) {
    it(`writes the same bytes as gen-large.py (${dialect})`, () => {
      const ours = join(scratch, `ours-${dialect}`);
      const theirs = join(scratch, `theirs-${dialect}`);
      generateLargeWorkspace(ours, 20_000, dialect);
      execFileSync('python3', [join(import.meta.dirname, '../fixtures/corpus/gen-large.py'), '20000', theirs, '--dialect', dialect]);
      for (const file of ['main.md', 'branches/main/log.md', 'branches/main/commit.md', 'branches/main/metadata.yaml']) {
        expect(readFileSync(join(ours, '.GCC', file)).equals(readFileSync(join(theirs, '.GCC', file))), file).toBe(true);
      }
    });
  }
});
