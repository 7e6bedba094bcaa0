// Two `gcc-studio mcp` processes (as two agents' clients spawn them) and Contexa's real Python writer append 300 steps
// each to one branch at once: 900 steps, each exactly once, numbered 1..900 as the real reader reads them; and a
// third MCP process subscribed to the log was told of every change. "Every change" is counted as the watcher reports
// them (coalesced: one update may cover several appends): after each update the observer reads the log, and the step
// counts it saw end at 900, so no append went without an update at or after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { runRealPython } from '../test-support/real-contexa.ts';
import { realPythonAppends, realPythonSteps } from '../test-support/python-appender.ts';
import { call, stdioClient, textOf, type TestClient } from './test-client.ts';

const EACH = 300;
const LOG_URI = 'gcc://branches/main/log.md';
const dir = mkdtempSync(join(tmpdir(), 'gcc-mcp-concurrent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function agentWrites(mcp: TestClient, tag: string): Promise<number[]> {
  const numbers: number[] = [];
  for (let i = 1; i <= EACH; i++) {
    const result = await call(mcp.client, 'gcc_log', { observation: `${tag} ${i}`, thought: 'concurrent', action: 'append' });
    if (result.isError) throw new Error(`${tag} ${i}: ${textOf(result)}`);
    numbers.push((result.structuredContent as { step: number }).step);
  }
  return numbers;
}

const stepsIn = (log: string) => (log.match(/^### Step /gm) ?? []).length;

describe('two MCP processes beside the real Python writer', () => {
  it(`${3 * EACH} steps, each exactly once, read by the real reader; the subscriber told of every change`, async () => {
    runRealPython(dir, [{ op: 'init', roadmap: 'concurrent agents over MCP' }]);
    const [alpha, beta, observer] = await Promise.all([stdioClient([dir], 'alpha'), stdioClient([dir], 'beta'), stdioClient([dir], 'observer')]);
    try {
      const seen: number[] = [];
      let reading = Promise.resolve();
      observer.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        if (n.params.uri !== LOG_URI) return;
        reading = reading.then(async () => {
          const read = await observer.client.readResource({ uri: LOG_URI });
          seen.push(stepsIn((read.contents[0] as { text: string }).text));
        });
      });
      await observer.client.subscribeResource({ uri: LOG_URI });

      const [a, b] = await Promise.all([agentWrites(alpha, 'alpha'), agentWrites(beta, 'beta'), realPythonAppends(dir, EACH)]);

      const read = realPythonSteps(dir, 'main');
      expect(read.map(([step]) => step)).toEqual(Array.from({ length: 3 * EACH }, (_, i) => i + 1));
      const want = ['alpha', 'beta', 'python'].flatMap((tag) => Array.from({ length: EACH }, (_, i) => `${tag} ${i + 1}`)).sort();
      expect(read.map(([, o]) => o).sort()).toEqual(want);
      const onDisk = new Map(read.map(([step, o]) => [o, step]));
      expect(a).toEqual(Array.from({ length: EACH }, (_, i) => onDisk.get(`alpha ${i + 1}`)));
      expect(b).toEqual(Array.from({ length: EACH }, (_, i) => onDisk.get(`beta ${i + 1}`)));

      // Every append is covered by an update at or after it: the last read after an update holds all 900.
      await expect.poll(async () => (await reading, seen.at(-1)), { timeout: 20_000 }).toBe(3 * EACH);
      expect([...seen].sort((x, y) => x - y)).toEqual(seen);
      console.log(`${3 * EACH} appends, ${seen.length} resources/updated notifications (coalesced by the watcher)`);
    } finally {
      await Promise.all([alpha.close(), beta.close(), observer.close()]);
    }
  }, 300_000);
});
