// Latency from a writer's append to the SSE event reaching a client, through the real chain (chokidar → store → bus →
// HTTP → client).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBurstObservation, startBurstWriter, wallClockMs } from '../server/test-support/burst.ts';
import { PythonGccWriter } from '../server/demo/python-writer.ts';
import { startServer } from '../server/http/serve.ts';
import { connectEvents } from '../server/test-support/sse-client.ts';
import { quantile, type BenchRow } from './stats.ts';

export interface LatencyRun {
  rate: number;
  written: number;
  delivered: number;
  duplicates: number;
  outOfOrder: number;
  p50: number;
  p99: number;
  max: number;
}

/** One rate: a fresh workspace, server and client; `rate * seconds` appends. */
// The writer stamps each step with its write time; the client runs in the bench process beside the server, as a tab
// would on the same machine. The fleet bench sets one workspace's latency beside a fleet's; the live section (live/)
// measures the 205k-step log.
export async function measureLatency(rate: number, seconds: number): Promise<LatencyRun> {
  const dir = mkdtempSync(join(tmpdir(), 'gcc-bench-latency-'));
  const gccDir = join(dir, '.GCC');
  PythonGccWriter.init(gccDir, `Latency bench at ${rate} appends per second.`);
  const server = await startServer({ dir, port: 0, open: false, log: () => {}, warn: () => {} });
  const latencies: number[] = [];
  const seen = new Set<number>();
  let duplicates = 0;
  let outOfOrder = 0;
  let lastSeq = 0;
  const client = connectEvents(server.url, server.token, (event) => {
    const now = wallClockMs();
    if (event.type !== 'steps-appended') return;
    for (const step of event.steps) {
      const burst = parseBurstObservation(step.observation);
      if (!burst) continue;
      if (seen.has(burst.seq)) duplicates += 1;
      if (burst.seq < lastSeq) outOfOrder += 1;
      seen.add(burst.seq);
      lastSeq = burst.seq;
      latencies.push(now - burst.t);
    }
  });
  try {
    await client.opened;
    const count = Math.round(rate * seconds);
    const written = await startBurstWriter(gccDir, 'main', count, rate).done;
    // Give the last appends time to arrive (a miss shows as delivered < written, not as a hang).
    const deadline = Date.now() + 5_000;
    while (seen.size < written && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return {
      rate,
      written,
      delivered: seen.size,
      duplicates,
      outOfOrder,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: quantile(latencies, 1),
    };
  } finally {
    client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
