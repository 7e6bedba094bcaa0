// The write-path parts of `npm run attack`, each against the real running server: links, crashes mid-edit and mid-merge,
// stale locks, disk faults, values Contexa's readers misread. Every case must hold.
import { describe, expect, it } from 'vitest';
import { crashEditPart } from '../../attack/crash-edit.ts';
import { crashMergePart } from '../../attack/crash-merge.ts';
import { diskFaultPart } from '../../attack/disk-faults.ts';
import { misreadPart } from '../../attack/misread-values.ts';
import { symlinkPart } from '../../attack/symlinks.ts';
import type { AttackPart } from '../../attack/types.ts';

const cases: [AttackPart, number][] = [
  [symlinkPart, 40],
  [crashEditPart, 5],
  [crashMergePart, 6],
  [diskFaultPart, 9],
  [misreadPart, 20],
];

describe('write-path attack parts against the real server', () => {
  for (const [part, atLeast] of cases) {
    it(part.name, async () => {
      const outcome = await part.run({ quick: true });
      expect(outcome.failures).toEqual([]);
      expect(outcome.tried).toBeGreaterThanOrEqual(atLeast);
    }, 120_000);
  }
});
