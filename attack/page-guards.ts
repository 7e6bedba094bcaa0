// What a server on another local port, or a page there, can get of ours: no cookie, no framing, the strict policy on
// every answer, and no inline script the policy does not name by its hash.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { DEFAULT_WEB_DIR, hasBuiltPage } from '../server/http/static.ts';
import { startAttackStudio, type AttackStudio } from './studio.ts';
import type { AttackPart } from './types.ts';

/** The status and headers of one answer; the body is not waited for (the event stream never ends). */
function headersOf(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

function policyProblem(h: IncomingHttpHeaders): string | null {
  const csp = String(h['content-security-policy'] ?? '');
  if (h['x-frame-options'] !== 'DENY') return `X-Frame-Options is "${h['x-frame-options'] ?? ''}"`;
  for (const d of ["frame-ancestors 'none'", "script-src 'self'", "default-src 'none'", "connect-src 'self'"]) if (!csp.includes(d)) return `CSP lacks ${d}: "${csp}"`;
  if (/unsafe-inline|unsafe-eval/.test(csp)) return `CSP allows inline or eval: "${csp}"`;
  if (h['set-cookie']) return `sets a cookie: ${String(h['set-cookie'])}`;
  return null;
}

/** Every asset of the built page, and routes of every kind, right and wrong token, wrong host. */
function pathsToCheck(studio: AttackStudio): [string, Record<string, string>][] {
  const host = `127.0.0.1:${studio.server.port}`;
  const auth = { host, authorization: `Bearer ${studio.token}` };
  const assets = hasBuiltPage(DEFAULT_WEB_DIR) ? readdirSync(join(DEFAULT_WEB_DIR, 'assets')).map((f) => `/assets/${f}`) : [];
  const pages = ['/', `/?token=${studio.token}`, `/?token=${studio.token}&branch=main`, '/branches/main', '/index.html', '/favicon.ico', ...assets];
  const api = ['/api/workspace', '/api/session', '/api/branches/main', '/api/branches/main/context?k=1', '/api/roadmap', '/api/nope', '/api/events', `/api/events?token=${studio.token}`];
  return [
    ...pages.map((p): [string, Record<string, string>] => [p, { host }]),
    ...api.map((p): [string, Record<string, string>] => [p, auth]),
    ...api.map((p): [string, Record<string, string>] => [p, { host }]),
    ['/', { host: 'evil.example:80' }],
    ['/api/workspace', { host: 'evil.example:80', authorization: `Bearer ${studio.token}` }],
  ];
}

/** The token replayed as a cookie, as a server on another port that was sent one would: never let in. */
const COOKIE_NAMES = (port: number) => [`gcc_studio_token_${port}`, 'gcc_studio_token', 'token', 'gcc-studio.token', `username-127-0-0-1-${port}`];

/**
 * Cookies ignore ports, so a token cookie would reach every other local server the browser visits: no answer may set a
 * cookie, and a token replayed in any cookie must open nothing. Every answer (page, assets, API, refusals, the event
 * stream) carries the policy; the built page must need no inline script beyond the one the policy names.
 */
export const pageGuardPart: AttackPart = {
  kind: 'attack',
  name: 'token cookies, framing, the strict CSP on every answer',
  async run() {
    const studio = await startAttackStudio('python');
    const failures: string[] = [];
    let tried = 0;
    try {
      const port = studio.server.port;
      for (const [path, headers] of pathsToCheck(studio)) {
        tried++;
        const res = await headersOf(port, path, headers);
        const problem = policyProblem(res.headers);
        if (problem) failures.push(`GET ${path} (Host ${headers.host}) answered ${res.status} and ${problem}`);
      }
      for (const name of COOKIE_NAMES(port)) {
        for (const path of ['/api/workspace', '/api/events', '/api/branches/main']) {
          tried++;
          const res = await headersOf(port, path, { host: `127.0.0.1:${port}`, cookie: `${name}=${studio.token}` });
          if (res.status !== 401) failures.push(`a cookie ${name} holding the token opened ${path}: ${res.status}`);
        }
      }
      for (const path of ['/api/workspace', '/api/branches/main', '/api/roadmap']) {
        tried++;
        const res = await headersOf(port, `${path}?token=${studio.token}`, { host: `127.0.0.1:${port}` });
        if (res.status !== 401) failures.push(`?token= opened ${path} (only the event stream may take it): ${res.status}`);
      }
      tried++;
      const page = await headersOf(port, '/', { host: `127.0.0.1:${port}` });
      const inline = inlineScriptProblem(String(page.headers['content-security-policy'] ?? ''));
      if (inline) failures.push(inline);
    } finally {
      await studio.stop();
    }
    return { tried, failures };
  },
};

/**
 * The built page runs under the policy the server sends with it: every inline script must be one the policy names
 * by its hash (the early requests' script), and nothing else inline (handlers, style attributes) may be there.
 */
function inlineScriptProblem(policy: string): string | null {
  if (!hasBuiltPage(DEFAULT_WEB_DIR)) return 'no built page to check (run npm run build)';
  const html = readFileSync(join(DEFAULT_WEB_DIR, 'index.html'), 'utf8');
  const allowed = new Set([...policy.matchAll(/'(sha256-[A-Za-z0-9+/=]+)'/g)].map((m) => m[1]));
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/.test(attrs ?? '') && (body ?? '').trim() === '') continue;
    const hash = `sha256-${createHash('sha256').update(body ?? '').digest('base64')}`;
    if (!allowed.has(hash)) return `index.html holds an inline script the policy does not name (${hash})`;
  }
  if (/\son[a-z]+\s*=/i.test(html)) return 'index.html holds an inline event handler';
  if (/\sstyle\s*=/i.test(html)) return 'index.html holds an inline style attribute';
  return null;
}
