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

  it('measures a name in UTF-8 bytes: at most 255, whatever its characters', () => {
    for (const [unit, fits] of [['a', 255], ['é', 127], ['€', 85], ['😀', 63]] as const) {
      expect(branchNameProblem(unit.repeat(fits)), `${fits} × ${unit}`).toBeNull();
      expect(branchNameProblem(unit.repeat(fits + 1)), `${fits + 1} × ${unit}`).toBe('branch name is longer than 255 bytes');
    }
  });

  it('builds paths relative to .GCC/', () => {
    expect(branchFilePath('auth-jwt', 'log')).toBe('branches/auth-jwt/log.md');
    expect(branchFilePath('main', 'metadata')).toBe('branches/main/metadata.yaml');
  });
});
