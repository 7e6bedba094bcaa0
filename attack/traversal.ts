// Branch names and indexes that try to leave .GCC/branches/ (or reach another branch), on every route that takes
// one, read and write alike. Each must be refused (4xx) and no file anywhere under the temp root may change.
import { changedFiles, startAttackStudio, type RawRequest, type RawResponse } from './studio.ts';
import type { AttackPart } from './types.ts';

const NAMES = [
  '..', '../..', '../outside', '..%2F..%2Foutside', '%2e%2e', '%2e%2e%2f%2e%2e', '.', '.GCC', 'main/../../outside', 'main%2F..%2F..',
  '%00', 'main%00', '/etc', '%2Fetc%2Fpasswd', 'C:%5CWindows', '..%5C..', '%252e%252e', 'main%20', '~', '-rf', '.hidden', 'a%0Ab',
];
const INDEXES = ['-1', '1e3', '0x1', '99999999999999999999', '1.5', '%2e%2e', 'NaN'];

function requestsFor(name: string): [string, RawRequest][] {
  const json = (body: unknown): RawRequest => ({ method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return [
    [`/api/branches/${name}`, {}],
    [`/api/branches/${name}/steps?from=0&limit=5`, {}],
    [`/api/branches/${name}/context?k=1`, {}],
    [`/api/compare?head=${name}`, {}],
    [`/api/compare?head=main&base=${name}`, {}],
    [`/api/merge/preview?branch=${name}&target=main`, {}],
    [`/api/merge/preview?branch=auth-session&target=${name}`, {}],
    [`/api/branches/${name}/commits/0`, json({ commitId: 'x', version: 'x', fields: { thisCommitContribution: 'pwned' } })],
    [`/api/branches/${name}/steps/0`, json({ step: 1, version: 'x', fields: { thought: 'pwned' } })],
    [`/api/branches/${name}/metadata`, json({ version: 'x', fields: { purpose: 'pwned' } })],
    ['/api/merge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ branch: decodeURIComponent(name), target: 'main' }) }],
    ['/api/merge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ branch: 'auth-session', target: decodeURIComponent(name) }) }],
  ];
}

/**
 * Refused: a 4xx, or the page itself (a path the router normalised out of /api/ gets index.html, which holds no
 * records). Anything else from the API, or any 5xx, is not.
 */
function refusalProblem(res: RawResponse): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 120)}`;
  if (res.status < 400 && !type.startsWith('text/html')) return `answered ${res.status} (${type}): ${res.text.slice(0, 120)}`;
  if (res.text.includes('pwned')) return `echoed the payload: ${res.text.slice(0, 120)}`;
  return null;
}

export const traversalPart: AttackPart = {
  kind: 'attack',
  name: 'branch-name and index traversal (every route, read and write)',
  async run() {
    const studio = await startAttackStudio('python');
    const failures: string[] = [];
    let tried = 0;
    try {
      const before = studio.snapshot();
      const attempts: [string, RawRequest][] = NAMES.flatMap(requestsFor);
      for (const index of INDEXES) {
        attempts.push([`/api/branches/main/commits/${index}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ commitId: 'x', version: 'x', fields: { thisCommitContribution: 'pwned' } }) }]);
        attempts.push([`/api/roadmap/parts/${index}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: 'x', text: 'pwned' }) }]);
      }
      for (const [path, init] of attempts) {
        tried++;
        const res = await studio.request(path, init);
        let problem = refusalProblem(res);
        // `/api/branches/../context` is, by the URL standard, `/api/context` (main's CONTEXT): the router resolved the
        // dot segments before any branch name was read. That is no traversal when the answer is exactly the one the
        // resolved path gives for a GET (a write's resolved path is refused anyway, and no file may change).
        const resolved = new URL(path, 'http://attack.invalid').pathname + new URL(path, 'http://attack.invalid').search;
        if (problem && resolved !== path && (init.method ?? 'GET') === 'GET') {
          const direct = await studio.request(resolved, init);
          if (direct.status === res.status && direct.text === res.text && !resolved.startsWith('/api/branches/')) problem = null;
        }
        if (problem) failures.push(`${init.method ?? 'GET'} ${path} ${problem}`);
      }
      const changed = changedFiles(before, studio.snapshot());
      if (changed.length) failures.push(`files changed: ${changed.join(', ')}`);
    } finally {
      await studio.stop();
    }
    return { tried, failures };
  },
};
