// The SDK's wording of a schema refusal becomes one sentence; any other text is left alone.
import { describe, expect, it } from 'vitest';
import { schemaErrorSentence } from './plain-errors.ts';

describe('schemaErrorSentence', () => {
  it('makes one sentence of every problem, without repeating where each is', () => {
    expect(schemaErrorSentence('MCP error -32602: Input validation error: Invalid arguments for tool gcc_log: observation must be a string at observation\nthought must be a string at thought')).toBe(
      'gcc_log was called with bad arguments: observation must be a string; thought must be a string.',
    );
    expect(schemaErrorSentence('MCP error -32602: Input validation error: Invalid arguments for tool gcc_x: Invalid input at a.b')).toBe('gcc_x was called with bad arguments: Invalid input at a.b.');
  });

  it('leaves any other text alone', () => {
    expect(schemaErrorSentence('There is no branch "x" (branches: main).')).toBeNull();
    expect(schemaErrorSentence('MCP error -32602: Tool gcc_nope not found')).toBeNull();
  });
});
