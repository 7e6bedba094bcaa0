// A branch's CONTEXT as each Contexa implementation returns it, and its token counts, counted off the request thread.
export { contextAnswer, contextReading, type ContextParts, type ContextReading } from './context-answer.ts';
export { ContextCache } from './context-cache.ts';
export { ImplementationReadings } from './implementation-context.ts';
export { sharedTokenCounter, type TokenCounter } from './token-counter.ts';
