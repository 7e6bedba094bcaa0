// Query-string parameters of the /api routes, validated in one place: a bad value is a 400 with a clear message.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { branchNameProblem } from '../../../shared/gcc/read/paths.ts';

/** A whole number in [min, ∞), capped at max; `fallback` when absent. */
export function intParam(c: Context, key: string, fallback: number, min: number, max: number): number {
  const raw = c.req.query(key);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new HTTPException(400, { message: `${key} must be a whole number (got "${raw}")` });
  const value = Number(raw);
  if (value < min) throw new HTTPException(400, { message: `${key} must be at least ${min} (got ${value})` });
  return Math.min(value, max);
}

/** A branch name from a URL, refused (400) before it reaches the store, so it can never build a path outside .GCC/. */
export function checkedBranchName(name: string, messagePrefix = ''): string {
  const problem = branchNameProblem(name);
  if (problem) throw new HTTPException(400, { message: messagePrefix + problem });
  return name;
}

/** The `:name` path parameter as a branch name. */
export function branchParam(c: Context): string {
  return checkedBranchName(c.req.param('name') ?? '');
}
