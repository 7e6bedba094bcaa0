// The libyaml ports: quoting as Go's and Rust's YAML libraries do.
import { describe, expect, it } from 'vitest';
import { emitGoYamlPair, emitRustYamlPair } from './libyaml.ts';

describe('libyaml ports (yaml.v3, serde_yaml)', () => {
  it('go double-quotes what would resolve as non-strings, including YAML 1.1 booleans', () => {
    const written: [string, string, string][] = [
      ['created_at', '2026-12-02T13:58:10Z', 'created_at: "2026-12-02T13:58:10Z"\n'],
      ['purpose', 'yes', 'purpose: "yes"\n'],
      ['created_from', '', 'created_from: ""\n'],
      ['purpose', "a: don't", "purpose: 'a: don''t'\n"],
      ['purpose', 'naïve — ✓', 'purpose: naïve — ✓\n'],
      ['purpose', 'emoji 😀', 'purpose: "emoji \\U0001F600"\n'],
    ];
    for (const [key, value, pair] of written) expect(emitGoYamlPair(key, value)).toBe(pair);
  });

  it('rust leaves timestamps and yes plain, single-quotes YAML 1.2 non-strings', () => {
    const written: [string, string | null, string][] = [
      ['created_at', '2026-12-02T13:58:10.855488203+00:00', 'created_at: 2026-12-02T13:58:10.855488203+00:00\n'],
      ['purpose', 'yes', 'purpose: yes\n'],
      ['purpose', 'true', "purpose: 'true'\n"],
      ['purpose', '007', "purpose: '007'\n"],
      ['created_from', '', "created_from: ''\n"],
      ['merged_at', null, 'merged_at: null\n'],
      ['purpose', 'a\nb', 'purpose: |-\n  a\n  b\n'],
    ];
    for (const [key, value, pair] of written) expect(emitRustYamlPair(key, value)).toBe(pair);
  });
});
