// Which branch is selected, and moving through steps with j and k.
import { describe, expect, it } from 'vitest';
import type { BranchSummary } from '../../shared/api.ts';
import { stepTo } from './useKeyboardShortcuts.ts';
import { pickBranch } from './useSelection.ts';

const b = (name: string) => ({ name }) as BranchSummary;

describe('pickBranch', () => {
  it('keeps a branch that exists, else main, else the first', () => {
    expect(pickBranch([b('x'), b('main')], 'x')).toBe('x');
    expect(pickBranch([b('x'), b('main')], 'gone')).toBe('main');
    expect(pickBranch([b('x'), b('y')], null)).toBe('x');
    expect(pickBranch([], null)).toBeNull();
  });
});

describe('stepTo (j/k)', () => {
  it('starts at an end, moves by one and stops at the edges', () => {
    expect(stepTo(null, 1, 5)).toBe(0);
    expect(stepTo(null, -1, 5)).toBe(4);
    expect(stepTo(2, 1, 5)).toBe(3);
    expect(stepTo(4, 1, 5)).toBe(4);
    expect(stepTo(0, -1, 5)).toBe(0);
    expect(stepTo(3, 1, 0)).toBeNull();
  });
});
