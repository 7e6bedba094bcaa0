// The js-yaml port: quoting and folding as the TypeScript writer's YAML does.
import { describe, expect, it } from 'vitest';
import { emitJsYamlValue } from './js-yaml.ts';

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
