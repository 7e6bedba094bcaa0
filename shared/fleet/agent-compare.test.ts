// What one agent's branch has that the other's lacks: commits and steps by their text.
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../types.ts';
import { agentDiff } from './agent-compare.ts';

const step = (n: number, o: string): OtaStep => ({ step: n, timestamp: '2026-01-01T00:00:00Z', observation: o, thought: 't', action: 'a' }) as OtaStep;
const commit = (id: string, contribution: string): Commit => ({ commitId: id, timestamp: '2026-01-01T00:00:00Z', thisCommitContribution: contribution }) as Commit;
const side = (name: string, steps: OtaStep[], commits: Commit[]) => ({ name, metadata: null, dialect: 'python' as const, steps, commits });

describe('agentDiff', () => {
  it('lists each side\'s commits and steps the other has not got, whatever their ids and numbers', () => {
    // The same milestone written by each agent under its own id; one only A reached.
    const a = side('main', [step(1, 'shared'), step(2, 'only a')], [commit('1f0c9e2a', 'Scaffolded the app.'), commit('a2', 'Added auth.')]);
    const b = side('main', [step(7, 'shared'), step(8, 'only b'), step(9, 'also only b')], [commit('77d03b41', 'Scaffolded the app.')]);
    const { onlyA, onlyB } = agentDiff(a, b);
    expect(onlyA.commits.map((c) => c.commitId)).toEqual(['a2']);
    expect(onlyA.steps.map((s) => s.observation)).toEqual(['only a']);
    expect(onlyB.commits).toEqual([]);
    expect(onlyB.steps.map((s) => s.observation)).toEqual(['only b', 'also only b']);
    expect(onlyB.stepsTotal).toBe(2);
  });
});
