// The token worker: a worker thread that loads the tokenizer and counts CONTEXT texts, so that neither loading it
// (~200 ms) nor a long count ever holds up a request or the event stream. token-counter.ts starts and talks to it.
import { parentPort } from 'node:worker_threads';
import { countTokensWithin } from '../../shared/gcc/context/count.ts';
import { lowerBoundTokens } from '../../shared/gcc/context/token-bounds.ts';
import { CUT_SHORT } from '../../shared/gcc/context/tokens.ts';
import type { CountReply, CountRequest } from './token-counter.ts';

parentPort!.on('message', ({ id, texts, budgetMs }: CountRequest) => {
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
