// Long unbroken text, as an attacker or a pasted blob sends it: the server keeps answering while it is counted.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { CORPUS } from '../fixtures/corpus.ts';
import { PythonGccWriter, writerStateFromExpected } from '../server/demo/python-writer.ts';
import { startAttackStudio, type AttackStudio } from './studio.ts';
import type { AttackPart } from './types.ts';

const BOUND_MS = 750;

interface Versioned {
  commits: { commitId: string; version: string }[];
}

/** Probes /api/workspace while /context is computed; one failure per probe over the bound, and for a wrong answer. */
async function probeWhileCounting(studio: AttackStudio, what: string, length: number, failures: string[]): Promise<number> {
  let done = false;
  const context = studio.request('/api/branches/main/context?k=1').finally(() => (done = true));
  let probes = 0;
  while (!done || probes < 5) {
    const started = performance.now();
    const res = await studio.request('/api/workspace');
    const ms = performance.now() - started;
    probes++;
    if (res.status !== 200 || ms > BOUND_MS) failures.push(`${what}: /api/workspace took ${ms.toFixed(0)} ms (status ${res.status}) while CONTEXT was counted`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const answer = JSON.parse((await context).text) as { tokens?: number; tokensAtLeast?: boolean };
  if (answer.tokensAtLeast !== true) failures.push(`${what}: the CONTEXT answer does not say its count is a lower bound`);
  if (!((answer.tokens ?? 0) >= Math.ceil(length / 128))) failures.push(`${what}: the CONTEXT count ${answer.tokens} is below the bound`);
  return probes + 1;
}

/**
 * A 250,000-character word saved via PATCH, and a 10 MB one on disk at start-up. The tokenizer is quadratic on such a
 * run; the server counts in its worker within a budget, so each probe made while CONTEXT is counted must be answered
 * within a bound, the CONTEXT answer must say its count is a lower bound, and the server must start with the run there.
 */
export const longTextPart: AttackPart = {
  kind: 'attack',
  name: 'long unbroken text (a 250,000-letter word via PATCH, 10 MB at start-up)',
  async run() {
    const failures: string[] = [];
    let tried = 0;
    const studio = await startAttackStudio('python');
    try {
      const word = 'x'.repeat(250_000);
      // The newest commit: every K's CONTEXT shows it.
      const { commits } = JSON.parse((await studio.request('/api/branches/main')).text) as Versioned;
      const index = commits.length - 1;
      const c = commits[index]!;
      const saved = await studio.request(`/api/branches/main/commits/${index}`, {
        method: 'PATCH',
        body: JSON.stringify({ commitId: c.commitId, version: c.version, fields: { thisCommitContribution: word } }),
      });
      tried++;
      if (saved.status !== 200) failures.push(`the PATCH of a 250,000-letter word answered ${saved.status}`);
      else tried += await probeWhileCounting(studio, '250,000 letters', word.length, failures);

      const writer = new PythonGccWriter(join(studio.project, '.GCC'), writerStateFromExpected(JSON.parse(readFileSync(join(CORPUS, 'python', 'expected.json'), 'utf8'))));
      writer.commit('main', 'y'.repeat(10_000_000));
      const started = performance.now();
      await studio.restart();
      const first = await studio.request('/api/workspace');
      const ms = performance.now() - started;
      tried++;
      if (first.status !== 200 || ms > 10_000) failures.push(`with a 10 MB word on disk the server started and answered in ${ms.toFixed(0)} ms (status ${first.status})`);
      tried += await probeWhileCounting(studio, '10 MB', 10_000_000, failures);
    } finally {
      await studio.stop();
    }
    return { tried, failures };
  },
};
