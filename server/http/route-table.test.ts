// Every route of the table (shared/routes.ts) is one the app serves: a request at its method and path reaches a
// handler (whatever that handler then answers), never the catch-all "no such API route".
import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUrl, ROUTES, type Route } from '../../shared/routes.ts';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import { createApp } from './app.ts';
import { securityOptionsFor } from './security.ts';

const TOKEN = 'route-table-token-0123';
const HOST = '127.0.0.1:4780';

describe('the route table', () => {
  it('names only routes the app serves', async () => {
    const bus = createEventBus();
    const store = createStore({ gccDir: join(tmpdir(), 'no-such-gcc-dir'), root: tmpdir(), readOnly: true, bus });
    await store.load();
    const app = createApp({ store, bus, security: securityOptionsFor('127.0.0.1', 4780, TOKEN), webDir: join(tmpdir(), 'no-such-web-dir') });
    // The fleet's stream and its comparison of two rows are the fleet app's alone (fleet/fleet-app.ts).
    const routes = Object.entries(ROUTES).filter(([name]) => name !== 'fleetEvents' && name !== 'fleetCompare') as [string, Route][];
    for (const [name, r] of routes) {
      const params = Object.fromEntries([...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, m[1] === 'index' ? '0' : 'main']));
      const res = await app.request(`http://${HOST}${apiUrl(r as Route<string>, ...([params] as [never]))}`, {
        method: r.method,
        headers: { host: HOST, authorization: `Bearer ${TOKEN}`, origin: `http://${HOST}`, 'content-type': 'application/json' },
        ...(r.method === 'GET' ? {} : { body: '{}' }),
      });
      const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { error?: string }) : (await res.body?.cancel(), {});
      expect(body.error, `${name}: ${r.method} ${r.path}`).not.toBe('no such API route');
    }
  });
});
