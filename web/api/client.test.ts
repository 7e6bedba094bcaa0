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
