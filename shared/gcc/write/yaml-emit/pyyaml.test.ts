// The PyYAML port: folding as the Python writer's YAML does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitPyYamlPair } from './pyyaml.ts';

// Reference output recorded from the real PyYAML (generator named in the file); the port must match it.
const golden = JSON.parse(readFileSync(join(import.meta.dirname, 'pyyaml.golden.json'), 'utf8')) as {
  generator: string;
  vectors: { s: string; py: string }[];
};

describe('PyYAML port', () => {
  it.each(golden.vectors.map((v) => [JSON.stringify(v.s), v] as const))('%s', (_, vector) => {
    expect(emitPyYamlPair('purpose', vector.s)).toBe(vector.py);
  });

  it('folds a long double-quoted value with a trailing-backslash continuation, as in the python corpus', () => {
    const purpose = 'Baseline: server-side sessions in Redis (naïve café — ✓ comparison)';
    expect(emitPyYamlPair('purpose', purpose)).toBe('purpose: "Baseline: server-side sessions in Redis (na\\xEFve caf\\xE9 \\u2014 \\u2713\\\n  \\ comparison)"\n');
  });
});
