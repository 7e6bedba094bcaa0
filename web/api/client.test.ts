// Which failed queries are asked once more.
import { describe, expect, it } from 'vitest';
import { ApiError, retryOnce } from './client.ts';

describe('retryOnce', () => {
  it('asks again once after a dropped connection or a server error, never after a refusal', () => {
    expect(retryOnce(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryOnce(0, new ApiError(503, 'starting'))).toBe(true);
    expect(retryOnce(1, new ApiError(503, 'starting'))).toBe(false);
    for (const status of [300, 400, 401, 404, 409]) expect(retryOnce(0, new ApiError(status, 'no'))).toBe(false);
  });
});

describe('a refused token', () => {
  it('is not sent again: the 401 is answered without a request until a new token arrives', async () => {
    const { adoptUrlToken, noteRefused } = await import('./auth.ts');
    const { apiFetch } = await import('./client.ts');
    const sent: string[] = [];
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      sent.push(`${url} ${(init.headers as Record<string, string>).authorization}`);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      adoptUrlToken('?token=old');
      noteRefused({ error: 'the server restarted with a new token', code: 'token-wrong', startedAt: '2026-12-05T17:00:00Z' });
      const again = await apiFetch('/api/workspace');
      expect(again.status).toBe(401);
      expect(await again.json()).toMatchObject({ error: 'the server restarted with a new token', code: 'token-wrong' });
      expect(sent).toEqual([]);
      adoptUrlToken('?token=new');
      expect((await apiFetch('/api/workspace')).status).toBe(200);
      expect(sent).toEqual(['/api/workspace Bearer new']);
    } finally {
      globalThis.fetch = fetchBefore;
    }
  });
});
