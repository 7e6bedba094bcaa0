// Deep links inside a fleet's workspace (?ws= first).
import { describe, expect, it } from 'vitest';
import { parseUrlState, serializeUrlState } from './urlState.ts';

describe('url state inside a fleet workspace', () => {
  it('keeps ?ws= first and every deep link key inside it', () => {
    const search = '?ws=agents%2Fone&branch=auth-jwt&tab=commits&commit=c66e4f37&k=2&dialect=rust&q=jwt';
    const state = parseUrlState(search);
    expect(state).toMatchObject({ ws: 'agents/one', branch: 'auth-jwt', tab: 'commits', commit: 'c66e4f37', k: 2, dialect: 'rust', q: 'jwt' });
    expect(serializeUrlState(state)).toBe(search);
    expect(serializeUrlState({ ...parseUrlState('?ws=w'), step: 4 })).toBe('?ws=w&step=4');
  });
  it('has no ws key when the URL has none', () => {
    expect('ws' in parseUrlState('?branch=main')).toBe(false);
  });
});
