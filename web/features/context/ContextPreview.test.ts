// The dialect the context preview starts with.
import { describe, expect, it } from 'vitest';
import { defaultDialect } from './ContextPreview.tsx';

describe('defaultDialect', () => {
  it('uses the detected dialect when CONTEXT can be rendered for it, else python', () => {
    expect(defaultDialect('rust')).toBe('rust');
    expect(defaultDialect('zig')).toBe('python');
    expect(defaultDialect('unknown')).toBe('python');
  });
});
