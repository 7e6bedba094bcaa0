// The huge-file faults of `npm run attack` (attack/huge-files.ts) in the unit suite: the real server on 1 GB sparse
// files and a 100 MB run without a record end must show every other branch and diagnose the file, within bounded memory.
import { describe, expect, it } from 'vitest';
import { hugeFilePart } from '../../attack/huge-files.ts';

describe('huge files against the real server', () => {
  it('diagnoses each huge file, keeps every other branch and its records, and stays within bounded memory', async () => {
    const outcome = await hugeFilePart.run({ quick: true });
    expect(outcome.failures).toEqual([]);
    expect(outcome.tried).toBe(6);
  }, 60_000);
});
