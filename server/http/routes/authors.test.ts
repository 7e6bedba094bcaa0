// Who wrote what, as the page reads it: a step and a commit written through the agent layer (as an MCP process writes
// them) come back from GET /api/authors with the client's name, and the live workspace says `authors-changed` even
// though the authors file, and its folder, did not exist when it started.
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthorsResponse } from '../../../shared/api.ts';
import type { StudioEvent } from '../../../shared/events.ts';
import { openLiveWorkspace } from '../../live/index.ts';
import { authorsPathFor, createMemoryWriter } from '../../write/index.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../../test-support/temp-corpus.ts';
import { createApp } from '../app.ts';
import { securityOptionsFor } from '../security.ts';

const TOKEN = 'authors-test-token';
const HOST = '127.0.0.1:4790';

afterEach(removeTempCorpusCopies);

describe('GET /api/authors', () => {
  it("names the client of each record written through gcc-studio, live", async () => {
    const { gccDir } = tempCorpusCopy('python');
    const live = await openLiveWorkspace({ gccDir, authorsFile: authorsPathFor(gccDir) });
    try {
      const events: StudioEvent[] = [];
      live.bus.subscribe((e) => events.push(e));
      // Another process's writer: its own store, the same folder.
      const other = await openLiveWorkspace({ gccDir });
      const writer = createMemoryWriter({ gccDir, store: other.store, readOnly: false });
      const step = await writer.log({ branch: 'main', observation: 'o', thought: 't', action: 'a' }, 'claude-code');
      const commit = await writer.commit({ branch: 'main', contribution: 'done' }, 'cursor');
      await other.close();
      await expect.poll(() => events.some((e) => e.type === 'authors-changed'), { timeout: 10_000 }).toBe(true);

      const app = createApp({ store: live.store, bus: live.bus, gccDir, security: securityOptionsFor('127.0.0.1', 4790, TOKEN) });
      const res = await app.request(`http://${HOST}/api/authors?branch=main`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as AuthorsResponse).authors).toEqual([
        { kind: 'step', branch: 'main', step: step.step, timestamp: step.timestamp, client: 'claude-code' },
        { kind: 'commit', branch: 'main', commitId: commit.commitId, client: 'cursor' },
      ]);
      const other404 = await app.request(`http://${HOST}/api/authors?branch=a%2Fb`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });
      expect(other404.status).toBe(400);
    } finally {
      await live.close();
    }
  });
});
