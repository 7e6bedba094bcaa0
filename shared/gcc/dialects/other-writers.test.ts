import { describe, expect, it } from 'vitest';
import { branchWriters } from './other-writers.ts';

describe('branchWriters', () => {
  it("names a merge's other implementation after the branch's writer", () => {
    expect(branchWriters('python', ['micros+00:00', 'micros+00:00', 'millisZ', 'micros+00:00'])).toEqual(['python', 'typescript']);
    expect(branchWriters('typescript', ['millisZ', 'microsZ', 'nanos+00:00'])).toEqual(['typescript', 'elixir', 'rust']);
  });

  it("takes a shape the writer can produce as the writer's (Python's zero microsecond is not Lua)", () => {
    expect(branchWriters('python', ['micros+00:00', 'seconds+00:00', null, 'other'])).toEqual([]);
    expect(branchWriters('rust', ['nanos+00:00', 'millis+00:00', 'micros+00:00', 'seconds+00:00'])).toEqual([]);
  });

  it('names none for a shape several implementations typically produce, or an unknown writer', () => {
    expect(branchWriters('python', ['micros+00:00', 'secondsZ'])).toEqual([]);
    expect(branchWriters('unknown', ['millisZ', 'micros+00:00'])).toEqual([]);
  });
});
