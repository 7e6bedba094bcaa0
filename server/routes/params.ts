// Query-string parameters of the /api routes, validated in one place: a bad value is a 400 with a clear message.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';

/** A whole number in [min, ∞), capped at max; `fallback` when absent. */
export function intParam(c: Context, key: string, fallback: number, min: number, max: number): number {
  const raw = c.req.query(key);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new HTTPException(400, { message: `${key} must be a whole number (got "${raw}")` });
  const value = Number(raw);
  if (value < min) throw new HTTPException(400, { message: `${key} must be at least ${min} (got ${value})` });
  return Math.min(value, max);
}
