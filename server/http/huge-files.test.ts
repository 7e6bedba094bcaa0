// The huge-file faults of `npm run attack` in the unit suite: 1 GB sparse files and a 100 MB run without a record end
// are diagnosed, every other branch shown, memory bounded.
import { describe, expect, it } from 'vitest';
import { hugeFilePart } from '../../attack/huge-files.ts';

describe('huge files against the real server', () => {
  it('diagnoses each huge file, keeps every other branch and its records, and stays within bounded memory', async () => {
    const outcome = await hugeFilePart.run({ quick: true });
    expect(outcome.failures).toEqual([]);
    expect(outcome.tried).toBe(6);
  }, 60_000);
});
