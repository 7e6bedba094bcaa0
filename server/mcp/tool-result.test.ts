// A refusal becomes one sentence: a plain first word is capitalised, a path or a name keeps its case.
import { describe, expect, it } from 'vitest';
import { sentence } from './tool-result.ts';

describe('sentence', () => {
  it('capitalises a plain first word and ends with a stop', () => {
    expect(sentence('there is no branch "x"')).toBe('There is no branch "x".');
    expect(sentence('bad branch name: it is empty')).toBe('Bad branch name: it is empty.');
    expect(sentence('Already one.')).toBe('Already one.');
  });

  it('keeps the case of a path, the product name, a tool name or a quoted value', () => {
    expect(sentence('branches/main/log.md is read-only (mode 0444)')).toBe('branches/main/log.md is read-only (mode 0444)');
    expect(sentence('gcc-studio runs with --read-only: it writes nothing to the workspace.')).toBe('gcc-studio runs with --read-only: it writes nothing to the workspace.');
    expect(sentence('gcc_log needs a step')).toBe('gcc_log needs a step.');
    expect(sentence('main.md does not exist')).toBe('main.md does not exist.');
    expect(sentence('`x` is taken')).toBe('`x` is taken.');
  });
});
