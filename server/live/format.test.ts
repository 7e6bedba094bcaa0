// The branch verdicts kept by their evidence (format.ts branchDialect) equal a fresh vote on every corpus branch,
// whichever branches were voted on before.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';
import { parseCommits } from '../../shared/gcc/read/commits.ts';
import { indexWholeLog } from '../../shared/gcc/read/log-index.ts';
import { branchFilePath } from '../../shared/gcc/read/paths.ts';
import { branchDialect, readMetadata, type DialectEvidence, type VerdictCache } from './format.ts';

const bytesOr = (path: string) => (existsSync(path) ? new Uint8Array(readFileSync(path)) : null);

function corpusEvidence(): { label: string; evidence: DialectEvidence }[] {
  const dirs = [CORPUS, join(CORPUS, 'edge')].flatMap((root) => readdirSync(root).map((d) => join(root, d)).filter((d) => existsSync(join(d, '.GCC', 'branches'))));
  return dirs.flatMap((dir) => {
    const gcc = join(dir, '.GCC');
    const lockFile = existsSync(join(gcc, '.lock'));
    return readdirSync(join(gcc, 'branches')).map((branch) => {
      const at = (kind: 'log' | 'commit' | 'metadata') => join(gcc, branchFilePath(branch, kind));
      const log = bytesOr(at('log'));
      const commits = bytesOr(at('commit'));
      const evidence: DialectEvidence = {
        branch,
        steps: indexWholeLog(log ?? new Uint8Array(0), branchFilePath(branch, 'log'), undefined).index,
        commits: commits ? parseCommits(commits, { file: branchFilePath(branch, 'commit'), branch }).commits : [],
        metadata: readMetadata(bytesOr(at('metadata')), branch),
        lockFile,
      };
      return { label: `${dir} ${branch}`, evidence };
    });
  });
}

describe('branchDialect', () => {
  it('answers from its kept verdicts exactly what a fresh vote answers, in any order', () => {
    // Each branch twice, the second under another name: the second must be answered from the kept verdict.
    const once = corpusEvidence();
    const all = [...once, ...once.map(({ label, evidence }) => ({ label: `${label} (again)`, evidence: { ...evidence, branch: `${evidence.branch}-again` } }))];
    expect(once.length).toBeGreaterThan(20);
    const fresh = all.map(({ evidence }) => branchDialect(evidence, new Map()));
    expect(new Set(fresh.map((v) => v.dialect)).size).toBeGreaterThan(5);
    for (const order of [all.map((_, i) => i), all.map((_, i) => all.length - 1 - i)]) {
      const kept: VerdictCache = new Map();
      for (const i of order) expect(branchDialect(all[i]!.evidence, kept), all[i]!.label).toEqual(fresh[i]);
      expect(kept.size).toBeLessThanOrEqual(once.length);
    }
  });
});
