// The app on a temp copy of a corpus workspace, with a fixed clock and commit id for merges, for the merge and
// merge-undo tests: GET and POST as the page sends them (token, Origin), and the files read back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../http/app.ts';
import { securityOptionsFor } from '../http/security.ts';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import type { MergeContext } from '../write/merge.ts';
import { tempCorpusCopy } from './temp-corpus.ts';

const TOKEN = 'merge-test-token-0123456789';
const PORT = 4781;
const HOST = `127.0.0.1:${PORT}`;
export const ORIGIN = `http://${HOST}`;

/** A fixed clock and id, so a preview and the merge after it are byte-identical. */
export const FIXED_MERGE: Partial<MergeContext> = {
  timestamps: () => ({ logHeader: '2027-01-01T00:00:00.000001+00:00', commit: '2027-01-01T00:00:00.000002+00:00', mergedAt: '2027-01-01T00:00:00.000003+00:00' }),
  newCommitId: () => 'feedbeef',
};

export interface MergeAppOptions {
  readOnly?: boolean;
  merge?: Partial<MergeContext>;
  /** An existing workspace (a server started again on it); default a new copy of the corpus case. */
  at?: { dir: string; gccDir: string };
}

export async function mergeTestApp(corpus: string, options: MergeAppOptions = {}) {
  const { dir, gccDir } = options.at ?? tempCorpusCopy(corpus);
  const bus = createEventBus(64);
  const store = createStore({ gccDir, root: dir, readOnly: options.readOnly ?? false, bus });
  await store.load();
  const app = createApp({ store, bus, security: securityOptionsFor('127.0.0.1', PORT, TOKEN), gccDir, webDir: dir, merge: { ...FIXED_MERGE, ...options.merge } });
  const headers = { host: HOST, authorization: `Bearer ${TOKEN}` };
  const get = (path: string) => app.request(`${ORIGIN}${path}`, { headers });
  const postTo = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { ...headers, origin: ORIGIN, 'content-type': 'application/json', ...extra },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const post = (body: unknown, extra: Record<string, string> = {}) => postTo('/api/merge', body, extra);
  const file = (rel: string) => new Uint8Array(readFileSync(join(gccDir, rel)));
  return { dir, gccDir, store, get, post, postTo, file };
}
