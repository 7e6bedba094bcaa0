// The token worker's thread: loads the tokenizer (~0.5 s of CPU) and counts, so neither holds up a request or the
// stream.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { lowerBoundTokens } from '../../shared/gcc/context/token-bounds.ts';
import { CUT_SHORT } from '../../shared/gcc/context/tokens.ts';
import { TOKEN_WORKER_NICE, type CountReply, type CountRequest } from './token-counter.ts';

// Background work: yields to the server's own thread and to the page (TOKEN_WORKER_NICE says why).
try {
  setPriority(TOKEN_WORKER_NICE);
} catch {
  // Not allowed here (a platform without per-thread priorities, a sandbox): counted at the usual priority.
}

// Loaded after the priority is lowered: the tokenizer's load is most of this thread's work at start.
const counting = import('../../shared/gcc/context/count.ts');

parentPort!.on('message', async ({ id, texts, budgetMs }: CountRequest) => {
  const { countTokensWithin } = await counting;
  // The budget is for counting: it starts once the tokenizer is loaded.
  const deadline = performance.now() + budgetMs;
  const counts = texts.map((text) => {
    try {
      return countTokensWithin(text, { deadline });
    } catch {
      // The tokenizer gave up on this text (out of stack or memory): the bound still holds.
      return lowerBoundTokens(text) + CUT_SHORT;
    }
  });
  parentPort!.postMessage({ id, counts } satisfies CountReply);
});
