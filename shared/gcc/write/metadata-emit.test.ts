import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitGoYamlPair, emitJsYamlValue, emitPyYamlPair, emitRustYamlPair } from './metadata-emit.ts';

// Reference output recorded from the real PyYAML (generator named in the file); the port must match it.
const golden = JSON.parse(readFileSync(join(import.meta.dirname, 'metadata-emit.pyyaml.json'), 'utf8')) as {
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

describe('js-yaml port', () => {
  it('quotes what the default schema would resolve, and YAML 1.1 booleans for compatibility', () => {
    for (const ambiguous of ['yes', 'No', 'on', 'null', '~', '12', '0x1F', '1.5', '.inf', '2026-12-02', '2026-12-02T13:58:13.605Z', '1:30', 'true', '<<']) {
      expect(emitJsYamlValue(ambiguous), ambiguous).toBe(`'${ambiguous}'`);
    }
    expect(emitJsYamlValue('')).toBe("''");
    expect(emitJsYamlValue(null)).toBe('null');
    expect(emitJsYamlValue('plain words, [brackets] ok')).toBe('plain words, [brackets] ok');
    expect(emitJsYamlValue('a: b')).toBe("'a: b'");
    expect(emitJsYamlValue("don't")).toBe("don't");
    expect(emitJsYamlValue("'lead")).toBe("'''lead'");
    expect(emitJsYamlValue('tab\there')).toBe('"tab\\there"');
    expect(emitJsYamlValue('naïve ✓ 😀')).toBe('naïve ✓ 😀');
  });

  it('folds lines longer than 78 columns with >- and uses |- for short multi-line text', () => {
    const long = "Explore stateless JWT auth: RS256 access tokens + refresh-token rotation, so we don't need sticky sessions behind the load balancer";
    expect(emitJsYamlValue(long)).toBe(">-\n  Explore stateless JWT auth: RS256 access tokens + refresh-token rotation, so\n  we don't need sticky sessions behind the load balancer");
    expect(emitJsYamlValue('one\ntwo')).toBe('|-\n  one\n  two');
    expect(emitJsYamlValue('one\ntwo\n')).toBe('|\n  one\n  two');
    expect(emitJsYamlValue(' lead\nx')).toBe('|2-\n   lead\n  x');
  });
});

describe('libyaml ports (yaml.v3, serde_yaml)', () => {
  it('go double-quotes what would resolve as non-strings, including YAML 1.1 booleans', () => {
    expect(emitGoYamlPair('created_at', '2026-12-02T13:58:10Z')).toBe('created_at: "2026-12-02T13:58:10Z"\n');
    expect(emitGoYamlPair('purpose', 'yes')).toBe('purpose: "yes"\n');
    expect(emitGoYamlPair('created_from', '')).toBe('created_from: ""\n');
    expect(emitGoYamlPair('purpose', "a: don't")).toBe("purpose: 'a: don''t'\n");
    expect(emitGoYamlPair('purpose', 'naïve — ✓')).toBe('purpose: naïve — ✓\n');
    expect(emitGoYamlPair('purpose', 'emoji 😀')).toBe('purpose: "emoji \\U0001F600"\n');
  });

  it('rust leaves timestamps and yes plain, single-quotes YAML 1.2 non-strings', () => {
    expect(emitRustYamlPair('created_at', '2026-12-02T13:58:10.855488203+00:00')).toBe('created_at: 2026-12-02T13:58:10.855488203+00:00\n');
    expect(emitRustYamlPair('purpose', 'yes')).toBe('purpose: yes\n');
    expect(emitRustYamlPair('purpose', 'true')).toBe("purpose: 'true'\n");
    expect(emitRustYamlPair('purpose', '007')).toBe("purpose: '007'\n");
    expect(emitRustYamlPair('created_from', '')).toBe("created_from: ''\n");
    expect(emitRustYamlPair('merged_at', null)).toBe('merged_at: null\n');
    expect(emitRustYamlPair('purpose', 'a\nb')).toBe('purpose: |-\n  a\n  b\n');
  });
});
