// The fuzz parts of `npm run attack`: the format core on damaged corpus files, and CONTEXT on damaged workspaces against
// the real Contexa readers.
import { checkInput } from '../shared/gcc/test-support/format-checks.ts';
import { fuzzInputs, fuzzWorkspaces, seededRandom } from '../shared/gcc/test-support/fuzz-inputs.ts';
import { corpusSeedFiles } from '../shared/gcc/test-support/fuzz-seeds.ts';
import { compareContexts, type ContextComparison } from '../server/test-support/context-fuzz.ts';
import type { AttackOutcome, AttackPart } from './types.ts';

export interface FuzzSizes {
  inputs: number;
  workspaces: number;
  seed: number;
}

export const ATTACK_SIZES = { quick: { inputs: 300, workspaces: 30 }, full: { inputs: 2_000, workspaces: 150 } };

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function fuzzFormatCore(inputs: number, seed: number): AttackOutcome {
  const rng = seededRandom(seed);
  const failures: string[] = [];
  fuzzInputs(corpusSeedFiles(), inputs, seed).forEach((input, i) => {
    for (const p of checkInput(input, { split: rng(), now: cpuMs })) failures.push(`seed ${seed} #${i} ${input.label}: ${p}`);
  });
  return { tried: inputs, failures };
}

/**
 * The YAML alias bomb is left out of the workspaces shown to the real readers: js-yaml expands it (20 s for one
 * CONTEXT), which measures js-yaml, not us; our own reader meets it in the format-core fuzz above.
 */
export async function fuzzContexts(workspaces: number, seed: number): Promise<ContextComparison> {
  const seeds = corpusSeedFiles().filter((f) => !f.source.startsWith('bad/yaml-alias-bomb/'));
  return compareContexts(fuzzWorkspaces(seeds, workspaces, seed));
}

const seedOf = () => Number(process.env.GCC_STUDIO_FUZZ_SEED ?? Date.now() % 1_000_000);

// Compared where the real reader succeeded; where it raised or read nothing the cases are counted and listed, not
// failed. The longer pass: `npm run fuzz -- --inputs N --workspaces M --seed S`.
export const formatFuzzPart: AttackPart = {
  kind: 'fuzz',
  name: 'format core on damaged files (no throw, time per byte, split = whole, write-back exact)',
  async run({ quick }) {
    return fuzzFormatCore(quick ? ATTACK_SIZES.quick.inputs : ATTACK_SIZES.full.inputs, seedOf());
  },
};

export const contextFuzzPart: AttackPart = {
  kind: 'fuzz',
  name: 'CONTEXT = the real Python/TypeScript readers on damaged workspaces (where they read)',
  async run({ quick }) {
    const seed = seedOf();
    const r = await fuzzContexts(quick ? ATTACK_SIZES.quick.workspaces : ATTACK_SIZES.full.workspaces, seed);
    console.error(`    (seed ${seed}: ${r.raised.length} answers where the real reader raised, ${r.readNothing.length} where it read nothing: not compared)`);
    return { tried: r.compared, failures: r.mismatches };
  },
};
