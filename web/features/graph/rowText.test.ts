import { describe, expect, it } from 'vitest';
import { rankMatches } from './useGraphSearch.ts';
import { fitName } from './rowText.ts';

describe('the words of the graph', () => {
  it('cuts a long name in its middle, so names that differ at the end stay apart', () => {
    expect(fitName('cursor-pagination', 20)).toBe('cursor-pagination');
    const two = fitName('cursor-pagination-2', 12);
    const three = fitName('cursor-pagination-3', 12);
    expect(two).toHaveLength(12);
    expect(two).not.toBe(three);
    expect(two.endsWith('-2')).toBe(true);
    expect(two).toBe('curso…tion-2');
  });

  it('finds the name itself first, then names that start with it, then the rest', () => {
    const rows: Record<string, number> = { 'cursor-pagination': 1, 'cursor-pagination-2': 5, 'cursor-pagination-3': 9, 'fix-cursor': 20 };
    expect(rankMatches(Object.keys(rows), 'cursor-pagination', (n) => rows[n]!)).toEqual(['cursor-pagination', 'cursor-pagination-3', 'cursor-pagination-2', 'fix-cursor']);
  });
});
