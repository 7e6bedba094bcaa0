// Pure helpers that live beside their components.
import { describe, expect, it } from 'vitest';
import type { BranchSummary } from '../../shared/api.ts';
import { orderBranches } from './BranchList.tsx';
import { defaultDialect } from './ContextPreview.tsx';
import { branchOfFile, editorHref } from './DiagnosticsPanel.tsx';
import { pagesFor } from './StepLog.tsx';

describe('editorHref / branchOfFile', () => {
  it('points into .GCC/ of the project folder, with the line', () => {
    expect(editorHref('/home/a/proj', 'branches/main/log.md', 12)).toBe('vscode://file/home/a/proj/.GCC/branches/main/log.md:12');
    expect(editorHref('/home/a/proj/.GCC/', 'main.md', 0)).toBe('vscode://file/home/a/proj/.GCC/main.md');
    expect(editorHref('/p q', 'branches/a b/log.md', 1)).toBe('vscode://file/p%20q/.GCC/branches/a%20b/log.md:1');
  });
  it('finds the branch a file belongs to', () => {
    expect(branchOfFile('branches/auth-jwt/metadata.yaml')).toBe('auth-jwt');
    expect(branchOfFile('main.md')).toBeNull();
  });
});

describe('pagesFor', () => {
  it('lists the step pages a range of rows needs', () => {
    expect(pagesFor(0, 7, 9)).toEqual([0]);
    expect(pagesFor(195, 210, 1000)).toEqual([0, 1]);
    expect(pagesFor(0, 50, 0)).toEqual([]);
    expect(pagesFor(10, 5, 100)).toEqual([]);
  });
});

describe('orderBranches', () => {
  const s = (name: string, createdAt: string | null) => ({ name, metadata: createdAt ? { createdAt } : null }) as BranchSummary;
  it('puts main first, then creation order; unknown creation last', () => {
    const order = orderBranches([s('late', '2026-01-02T00:00:00Z'), s('nometa', null), s('early', '2026-01-01T00:00:00.5+00:00'), s('main', '2026-01-03T00:00:00Z')]);
    expect(order.map((b) => b.name)).toEqual(['main', 'early', 'late', 'nometa']);
  });
});

describe('defaultDialect', () => {
  it('uses the detected dialect when CONTEXT can be rendered for it, else python', () => {
    expect(defaultDialect('rust')).toBe('rust');
    expect(defaultDialect('zig')).toBe('python');
    expect(defaultDialect('unknown')).toBe('python');
  });
});
