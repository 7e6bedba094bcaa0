// The order of the branch list.
import { describe, expect, it } from 'vitest';
import type { BranchSummary } from '../../../shared/api.ts';
import { orderBranches } from './BranchList.tsx';

describe('orderBranches', () => {
  const s = (name: string, createdAt: string | null) => ({ name, metadata: createdAt ? { createdAt } : null }) as BranchSummary;
  it('puts main first, then creation order; unknown creation last', () => {
    const order = orderBranches([s('late', '2026-01-02T00:00:00Z'), s('nometa', null), s('early', '2026-01-01T00:00:00.5+00:00'), s('main', '2026-01-03T00:00:00Z')]);
    expect(order.map((b) => b.name)).toEqual(['main', 'early', 'late', 'nometa']);
  });
});
