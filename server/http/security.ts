// Who may talk to the server: the per-launch token (header or cookie), the Host header (DNS rebinding) and, for
// writes, the Origin header (CSRF). Hono's csrf() checks neither a JSON POST's Host nor rebinding, so we do it here.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';

export interface SecurityOptions {
  token: string;
  /** Host header values (lower case, `name:port`) this server answers to. */
  allowedHosts: readonly string[];
  /** Origins (`http://name:port`) allowed to send writes. */
  allowedOrigins: readonly string[];
  /** Cookies ignore ports: name the cookie after ours so two servers on one machine don't overwrite each other. */
  cookieName: string;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A fresh random token for one launch (URL-safe, 128 bits). */
export function generateToken(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * What a server listening on host:port should accept. On a loopback address only the loopback names with our port
 * are ours; on an explicit other address, that address too (the user was warned). On a wildcard address any
 * Host with our port would be plausible, so we accept only loopback names and let the token do the rest.
 */
export function securityOptionsFor(host: string, port: number, token: string): SecurityOptions {
  const names = new Set(LOOPBACK_NAMES);
  if (!isLoopbackHost(host) && host !== '0.0.0.0' && host !== '::') names.add(host.includes(':') ? `[${host}]` : host);
  const allowedHosts = [...names].map((n) => `${n}:${port}`.toLowerCase());
  return {
    token,
    allowedHosts,
    allowedOrigins: allowedHosts.map((h) => `http://${h}`),
    cookieName: `gcc_studio_token_${port}`,
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time equality: hashing first makes the lengths equal, so timingSafeEqual never leaks them either. */
export function tokensMatch(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** 403 unless the Host header names this server: a rebound DNS name reaches us with its own name in Host. */
export function hostGuard(options: SecurityOptions): MiddlewareHandler {
  const allowed = new Set(options.allowedHosts);
  return async (c, next) => {
    const host = c.req.header('host')?.toLowerCase();
    if (!host || !allowed.has(host)) {
      throw new HTTPException(403, { message: `Host "${host ?? ''}" is not this server; open ${options.allowedHosts[0]}` });
    }
    await next();
  };
}

/**
 * For /api: the token, from `Authorization: Bearer` or our cookie, and for anything but GET/HEAD an Origin that is
 * ours. A write with no Origin at all is let through only with the Bearer header (curl, scripts): a browser always
 * sends Origin on a cross-site write, and it can't add our header without knowing the token.
 */
export function apiGuard(options: SecurityOptions): MiddlewareHandler {
  const origins = new Set(options.allowedOrigins);
  return async (c, next) => {
    const bearer = bearerToken(c);
    const presented = bearer ?? getCookie(c, options.cookieName) ?? null;
    if (!tokensMatch(presented, options.token)) {
      throw new HTTPException(401, { message: presented ? 'wrong token' : 'missing token: open the URL printed by gcc-studio (it ends in ?token=…)' });
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const ok = origin === undefined ? bearer !== null : origins.has(origin.toLowerCase());
      if (!ok) throw new HTTPException(403, { message: `Origin "${origin ?? ''}" may not write to this server` });
    }
    await next();
  };
}

/**
 * The page opened as `/?token=T`: a right token becomes an HttpOnly SameSite=Strict cookie and the browser is sent
 * to the same URL without the token, so it never sits in the address bar or history. A wrong one gets 401.
 */
export function tokenLanding(options: SecurityOptions): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!url.searchParams.has('token') || c.req.method !== 'GET' || url.pathname.startsWith('/api/')) return next();
    if (!tokensMatch(url.searchParams.get('token'), options.token)) {
      return c.text('Wrong token: open the URL gcc-studio printed when it started.', 401);
    }
    setCookie(c, options.cookieName, options.token, { httpOnly: true, sameSite: 'Strict', path: '/' });
    url.searchParams.delete('token');
    const rest = url.searchParams.toString();
    return c.redirect(`${url.pathname}${rest ? `?${rest}` : ''}${url.hash}`, 302);
  };
}
