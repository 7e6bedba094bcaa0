// Branch names that can never leave branches/, and the paths built from them.
import { describe, expect, it } from 'vitest';
import { branchFilePath, branchNameProblem, isValidBranchName } from './paths.ts';

describe('branch names', () => {
  it('accepts the names Contexa agents use', () => {
    for (const name of ['main', 'auth-jwt', 'exp_2', 'feature.v2', 'naïve-café', '.hidden-ish']) {
      expect(isValidBranchName(name), name).toBe(true);
    }
  });

  it('refuses anything that could leave branches/', () => {
    for (const name of ['', '.', '..', '../etc', 'a/b', 'a\\b', 'nul\u0000byte', 'line\nbreak', 'x'.repeat(256)]) {
      expect(branchNameProblem(name), JSON.stringify(name)).not.toBeNull();
    }
  });

  it('builds paths relative to .GCC/', () => {
    expect(branchFilePath('auth-jwt', 'log')).toBe('branches/auth-jwt/log.md');
    expect(branchFilePath('main', 'metadata')).toBe('branches/main/metadata.yaml');
  });
});
