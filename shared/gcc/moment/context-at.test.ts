// A moment's CONTEXT with its token counts: counted through the counter it is given (the server's worker), equal to
// counting the rendered text, and a count cut short is said to be a lower bound.
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../types.ts';
import { countTokens, countTokensWithin } from '../context/count.ts';
import { arrayStepList, EditedSteps } from '../read/step-list.ts';
import { ContextAtCache } from './context-at.ts';

const range = { start: 0, end: 1 };
const commit = (i: number, text: string): Commit => ({
  commitId: `c${i}`,
  branchName: 'main',
  branchPurpose: 'p',
  previousProgressSummary: `done ${i}`,
  thisCommitContribution: text,
  timestamp: 'T',
  range,
});
const steps = arrayStepList(Array.from({ length: 3 }, (_, i): OtaStep => ({ step: i + 1, timestamp: 'T', observation: `o${i}`, thought: 't', action: 'a', range })));

describe('ContextAtCache.context', () => {
  it('counts through the counter it is given, as counting the text would', async () => {
    const contexts = new ContextAtCache();
    const asked: string[] = [];
    const count = async (texts: readonly string[]) => (asked.push(...texts), texts.map(countTokens));
    const at = { steps: new EditedSteps(steps), commits: [commit(0, 'first'), commit(1, 'second')] };
    const got = await contexts.context('main', '# R\n', steps, at, 2, 'python', count);
    expect(got.text).toBe(contexts.text('main', '# R\n', steps, at, 2, 'python'));
    expect(got.tokens).toBe(countTokens(got.text));
    expect(got.tokensByK).toHaveLength(2);
    expect(got.tokensAtLeast).toBeUndefined();
    expect(asked.length).toBeGreaterThan(0);
  });

  it('says a count is a lower bound when the counter cut it short', async () => {
    const contexts = new ContextAtCache();
    const count = async (texts: readonly string[]) => texts.map((t) => countTokensWithin(t, { maxExactChunk: 1000 }));
    const at = { steps: new EditedSteps(steps), commits: [commit(0, 'w'.repeat(5000))] };
    const got = await contexts.context('main', '# R\n', steps, at, 1, 'python', count);
    expect(got.tokensAtLeast).toBe(true);
    expect(got.tokensAtLeastByK).toEqual([true]);
    expect(got.tokens).toBeLessThan(countTokens(got.text));
  });
});
