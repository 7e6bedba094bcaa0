// The route table's URLs: parameters and query values encoded, absent values left out, and each URL matched back to
// its route.
import { describe, expect, it } from 'vitest';
import { apiUrl, matchRoute, ROUTES, type Route } from './routes.ts';

describe('apiUrl', () => {
  it('fills and encodes the path, then the query in the order given, leaving absent values out', () => {
    expect(apiUrl(ROUTES.workspace)).toBe('/api/workspace');
    expect(apiUrl(ROUTES.workspace, { at: undefined })).toBe('/api/workspace');
    expect(apiUrl(ROUTES.steps, { name: 'a/b c' }, { from: 0, limit: 200, at: '2026-01-01T00:00:00+02:00' })).toBe(
      '/api/branches/a%2Fb%20c/steps?from=0&limit=200&at=2026-01-01T00%3A00%3A00%2B02%3A00',
    );
    expect(apiUrl(ROUTES.compare, { head: 'x&y', base: undefined })).toBe('/api/compare?head=x%26y');
    expect(apiUrl(ROUTES.undo, { id: '0f' })).toBe('/api/edits/0f/undo');
  });
});

describe('matchRoute', () => {
  it('finds every route from its own URL, with its parameters decoded', () => {
    for (const [name, r] of Object.entries(ROUTES) as [keyof typeof ROUTES, Route][]) {
      const params = Object.fromEntries([...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, `v ${m[1]}/x`]));
      const url = new URL(apiUrl(r as Route<string>, ...([params] as [never])), 'http://x');
      expect(matchRoute(r.method, url.pathname), name).toEqual({ name, params });
    }
  });

  it('matches nothing outside the table', () => {
    expect(matchRoute('GET', '/api/nope')).toBeNull();
    expect(matchRoute('POST', '/api/workspace')).toBeNull();
    expect(matchRoute('GET', '/api/branches/')).toBeNull();
    expect(matchRoute('GET', '/workspace')).toBeNull();
  });
});
