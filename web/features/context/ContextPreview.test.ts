// The dialect the context preview starts with.
import { describe, expect, it } from 'vitest';
import { defaultDialect, tokenLabel } from './ContextPreview.tsx';

describe('defaultDialect', () => {
  it('uses the detected dialect when CONTEXT can be rendered for it, else python', () => {
    expect(defaultDialect('rust')).toBe('rust');
    expect(defaultDialect('zig')).toBe('python');
    expect(defaultDialect('unknown')).toBe('python');
  });
});

describe('tokenLabel', () => {
  it('says "≥" for a count the server cut short', () => {
    expect(tokenLabel(1234, false)).toBe('1,234 tokens');
    expect(tokenLabel(1234, true)).toBe('≥ 1,234 tokens');
  });
});
