// The compare view's deep links.
import { describe, expect, it } from 'vitest';
import { parseUrlState, serializeUrlState } from './urlState.ts';

describe('url state of the compare view', () => {
  it('deep-links a head, the compare tab and a base', () => {
    const s = parseUrlState('?branch=auth-session&tab=compare&base=main');
    expect(s).toMatchObject({ branch: 'auth-session', tab: 'compare', base: 'main' });
    expect(serializeUrlState(s)).toBe('?branch=auth-session&tab=compare&base=main');
  });

  it('leaves base out when it is not given', () => {
    expect('base' in parseUrlState('?branch=x&tab=compare')).toBe(false);
    expect(serializeUrlState({ ...parseUrlState('?branch=x&tab=compare'), base: null })).toBe('?branch=x&tab=compare');
  });
});
