// Who may talk to the server (the token, the Host header against DNS rebinding, the Origin of a write against CSRF),
// and what every response tells the browser.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { TokenRefusedResponse } from '../../shared/api.ts';

export interface SecurityOptions {
  token: string;
  /** Host header values (lower case, `name:port`) this server answers to. */
  allowedHosts: readonly string[];
  /** Origins (`http://name:port`) allowed to send writes. */
  allowedOrigins: readonly string[];
  /** When this server started (ISO): a page refused with a token that once worked is told the server restarted. */
  startedAt: string;
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
    startedAt: new Date().toISOString(),
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

// Hono's csrf() checks neither a JSON POST's Host nor rebinding, so the guards below do.
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
 * For /api: the token, from `Authorization: Bearer`, and for anything but GET/HEAD an Origin that is ours. Not from
 * a cookie: cookies ignore ports (RFC 6265 §8.5), so every other server on 127.0.0.1 the browser visits would be
 * sent it, and could replay it. The page keeps the token in its own origin's storage (port included) and sends the
 * header. EventSource cannot send headers, so the event streams alone (a workspace's and the fleet's) also take `?token=` (a same-origin request
 * the page makes, never a link or a page URL; Referrer-Policy keeps it from leaking onwards).
 */
export function apiGuard(options: SecurityOptions): MiddlewareHandler {
  const origins = new Set(options.allowedOrigins);
  return async (c, next) => {
    const bearer = bearerToken(c);
    const presented = bearer ?? streamToken(c);
    if (!tokensMatch(presented, options.token)) {
      const body: TokenRefusedResponse = {
        code: presented ? 'token-wrong' : 'token-missing',
        startedAt: options.startedAt,
        error: presented
          ? `wrong token: this server (started ${options.startedAt}) has another one. Open the URL gcc-studio printed when it started.`
          : 'missing token: open the URL printed by gcc-studio (it ends in ?token=…)',
      };
      return c.json(body, 401);
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const ok = origin === undefined ? bearer !== null : origins.has(origin.toLowerCase());
      if (!ok) throw new HTTPException(403, { message: `Origin "${origin ?? ''}" may not write to this server` });
    }
    await next();
  };
}

function streamToken(c: Context): string | null {
  if (c.req.method !== 'GET' || !/\/api\/(fleet\/)?events\/?$/.test(c.req.path)) return null;
  return c.req.query('token') ?? null;
}

/**
 * The hash of index.html's one inline script, the early requests (web/api/early.ts): the policy names that script
 * alone, so an injected one still does not run. security.test.ts holds it equal to the script's text.
 */
export const EARLY_SCRIPT_HASH = 'sha256-RC5GRE35V9O9a8f+rYxf66LTxh6iIZx7Rs12wmqOMps=';

/**
 * The page allows nothing it does not use: its scripts and styles come from this origin only (and the one inline
 * script whose hash it names), it may talk to this origin only, and no other page may frame it (the framing attack:
 * a page on another local port framed the dashboard). Sent on every answer, the page's and the API's alike.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'self' '${EARLY_SCRIPT_HASH}'`,
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  };
}
