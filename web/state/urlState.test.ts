// The URL state: parsed, refused when invalid, and serialized back.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONTEXT_DIALECTS } from '../../shared/types.ts';
import { EMPTY_URL_STATE, parseUrlState, serializeUrlState, type UrlState } from './urlState.ts';

describe('url state', () => {
  it('parses a full link', () => {
    expect(parseUrlState('?branch=auth-jwt&tab=commits&commit=c66e4f37&step=2&k=3&dialect=rust&q=redis%20p95')).toEqual({
      branch: 'auth-jwt',
      commit: 'c66e4f37',
      step: 2,
      k: 3,
      dialect: 'rust',
      q: 'redis p95',
      tab: 'commits',
    });
  });

  it('drops invalid values instead of guessing', () => {
    expect(parseUrlState('?step=-1&k=0&dialect=cobol&tab=x&branch=')).toEqual(EMPTY_URL_STATE);
    expect(parseUrlState('?step=1e3&k=two').step).toBeNull();
  });

  it('serializes the default state to nothing (the token param is never kept)', () => {
    expect(serializeUrlState(EMPTY_URL_STATE)).toBe('');
    expect(serializeUrlState(parseUrlState('?token=secret'))).toBe('');
  });

  it('round-trips any state', () => {
    const state = fc.record<UrlState>({
      branch: fc.option(fc.string({ minLength: 1 }), { nil: null }),
      commit: fc.option(fc.stringMatching(/^[0-9a-f]{8}$/), { nil: null }),
      step: fc.option(fc.nat({ max: 10_000_000 }), { nil: null }),
      k: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
      dialect: fc.option(fc.constantFrom(...CONTEXT_DIALECTS), { nil: null }),
      q: fc.string(),
      tab: fc.constantFrom('log' as const, 'commits' as const, 'graph' as const),
    });
    fc.assert(
      fc.property(state, (s) => {
        expect(parseUrlState(serializeUrlState(s))).toEqual(s);
      }),
    );
  });

  it('keeps the compact graph as a view option, and nothing else in its place', () => {
    const s = parseUrlState('?tab=graph&graph=compact');
    expect(s.graph).toBe('compact');
    expect(serializeUrlState(s)).toBe('?tab=graph&graph=compact');
    expect('graph' in parseUrlState('?tab=graph&graph=other')).toBe(false);
  });
});
