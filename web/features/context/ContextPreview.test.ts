// The dialect the context preview starts with, and how the selector labels it.
import { describe, expect, it } from 'vitest';
import { defaultDialect, dialectLabel, tokenLabel } from './ContextPreview.tsx';

describe('defaultDialect', () => {
  it('uses the detected writer for all seven implementations, else python', () => {
    for (const d of ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'] as const) expect(defaultDialect(d)).toBe(d);
    expect(defaultDialect('unknown')).toBe('python');
  });

  it('labels the detected writer as detected and python as a fallback when no writer was detected', () => {
    expect(dialectLabel('zig', 'zig')).toBe('Zig (detected)');
    expect(dialectLabel('python', 'zig')).toBe('Python');
    expect(dialectLabel('python', 'unknown')).toBe('Python (fallback: writer not detected)');
  });
});

describe('tokenLabel', () => {
  it('says "≥" for a count the server cut short', () => {
    expect(tokenLabel(1234, false)).toBe('1,234 tokens');
    expect(tokenLabel(1234, true)).toBe('≥ 1,234 tokens');
  });
});
