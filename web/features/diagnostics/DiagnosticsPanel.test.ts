// Links from a diagnostic to the file in the editor, and to its branch.
import { describe, expect, it } from 'vitest';
import { branchOfFile, editorHref, filePath } from './DiagnosticsPanel.tsx';

describe('editorHref / branchOfFile', () => {
  it('points into .GCC/ of the project folder, with the line', () => {
    expect(editorHref('/home/a/proj', 'branches/main/log.md', 12)).toBe('vscode://file/home/a/proj/.GCC/branches/main/log.md:12');
    expect(editorHref('/home/a/proj/.GCC/', 'main.md', 0)).toBe('vscode://file/home/a/proj/.GCC/main.md');
    expect(editorHref('/p q', 'branches/a b/log.md', 1)).toBe('vscode://file/p%20q/.GCC/branches/a%20b/log.md:1');
  });
  it('gives the plain path to copy, for any other editor', () => {
    expect(filePath('/p q/', 'branches/a b/log.md')).toBe('/p q/.GCC/branches/a b/log.md');
    expect(filePath('/home/a/proj/.GCC', 'main.md')).toBe('/home/a/proj/.GCC/main.md');
  });
  it('finds the branch a file belongs to', () => {
    expect(branchOfFile('branches/auth-jwt/metadata.yaml')).toBe('auth-jwt');
    expect(branchOfFile('main.md')).toBeNull();
  });
});
