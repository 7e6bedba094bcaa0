// An agent's step appended through the MemoryWriter (server/write/agent-writes.ts) on an empty log and on the
// 205k-step log, beside Contexa Python's log_ota on the same logs in the same run: ours must stay flat, theirs
// re-reads the whole log on every append; and the same step as an agent's client sees it, gcc_log over MCP stdio.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEventBus } from '../server/live/event-bus.ts';
import { createStore } from '../server/live/store.ts';
import { createMemoryWriter } from '../server/write/agent-writes.ts';
import { times } from './figures.ts';
import { mcpLogRoundTrips } from './mcp-round-trip.ts';
import { generateLargeWorkspace } from './gen-large.ts';
import { locatePeers } from './peers/contexa.ts';
import { quantile, type BenchRow } from './stats.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

export interface AgentWriteCounts {
  /** Our appends on each log. */
  ours: number;
  /** log_ota calls on the empty log and on the large one (each costs a parse of the whole log). */
  peerEmpty: number;
  peerLarge: number;
}

async function openWriter(dir: string) {
  const gccDir = join(dir, '.GCC');
  const store = createStore({ gccDir, root: dir, readOnly: false, bus: createEventBus() });
  await store.load();
  return createMemoryWriter({ gccDir, store, readOnly: false });
}

/** Each append's latency in ms: `count` steps logged one after another through a writer over a loaded store. */
async function ourAppends(dir: string, count: number): Promise<number[]> {
  const writer = await openWriter(dir);
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await writer.log({ branch: 'main', observation: `bench observation ${i}`, thought: 'bench thought', action: 'append' }, 'bench');
    ms.push(performance.now() - t0);
  }
  return ms;
}

function peerAppends(peers: string, dir: string, count: number): number[] {
  const out = execFileSync('python3', [join(HERE, 'peers', 'contexa_py_log.py'), join(peers, 'python'), dir, String(count)], { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
  return (JSON.parse(out.trim().split('\n').pop()!) as { ms: number[] }).ms;
}

const p = (values: number[]) => `p50 ${quantile(values, 0.5).toFixed(2)} ms, p99 ${quantile(values, 0.99).toFixed(2)} ms`;

export async function runAgentWriteBench(scratch: string, largeSteps: number, counts: AgentWriteCounts): Promise<BenchRow[]> {
  const peers = locatePeers();
  // TypeScript's dialect on both logs (the large one as gen-large writes it by default, which every reader reads the
  // same): ours then takes both of TypeScript's locks, the O_EXCL file and the flock, on every append.
  const empty = join(scratch, 'agent-empty');
  mkdirSync(empty, { recursive: true });
  await (await openWriter(empty)).init({ goal: 'bench', dialect: 'typescript' }, 'bench');
  const large = join(scratch, 'agent-large');
  generateLargeWorkspace(large, largeSteps, 'ts');
  const copy = (from: string, to: string) => cpSync(join(from, '.GCC'), join(scratch, to, '.GCC'), { recursive: true });
  copy(empty, 'agent-empty-peer');
  copy(large, 'agent-large-peer');
  copy(empty, 'agent-empty-mcp');
  copy(large, 'agent-large-mcp');

  const oursEmpty = await ourAppends(empty, counts.ours);
  const oursLarge = await ourAppends(large, counts.ours);
  const rows: BenchRow[] = [
    { name: 'ours, empty log', value: `${p(oursEmpty)} (${counts.ours} appends)` },
    { name: `ours, ${largeSteps.toLocaleString('en')}-step log`, value: `${p(oursLarge)} (${counts.ours} appends)` },
  ];
  const flat = quantile(oursLarge, 0.5) / quantile(oursEmpty, 0.5);
  rows.push({ name: 'ours: large p50 / empty p50', value: times(flat), target: '≤ 2×', ok: flat <= 2 });
  // The same step as an agent's MCP client sees it: the built command over stdio, request to answer.
  const mcpEmpty = await mcpLogRoundTrips(join(scratch, 'agent-empty-mcp'), counts.ours);
  const mcpLarge = await mcpLogRoundTrips(join(scratch, 'agent-large-mcp'), counts.ours);
  rows.push(
    { name: 'gcc_log over MCP stdio, empty log', value: `${p(mcpEmpty)} (${counts.ours} calls)` },
    { name: `gcc_log over MCP stdio, ${largeSteps.toLocaleString('en')}-step log`, value: `${p(mcpLarge)} (${counts.ours} calls)` },
  );
  const mcpFlat = quantile(mcpLarge, 0.5) / quantile(mcpEmpty, 0.5);
  rows.push({ name: 'gcc_log over MCP: large p50 / empty p50', value: times(mcpFlat), target: '≤ 2×', ok: mcpFlat <= 2 });
  if (!peers) {
    rows.push({ name: 'Contexa Python log_ota', value: 'not run: no Contexa peers at hand (fixtures/peers/contexa is missing)' });
    return rows;
  }
  const peerEmpty = peerAppends(peers, join(scratch, 'agent-empty-peer'), counts.peerEmpty);
  const peerLarge = peerAppends(peers, join(scratch, 'agent-large-peer'), counts.peerLarge);
  rows.push(
    { name: 'Contexa Python log_ota, empty log', value: `${p(peerEmpty)} (${counts.peerEmpty} calls)` },
    { name: `Contexa Python log_ota, ${largeSteps.toLocaleString('en')}-step log`, value: `${p(peerLarge)} (${counts.peerLarge} calls)` },
  );
  const faster = quantile(peerLarge, 0.5) / quantile(oursLarge, 0.5);
  rows.push({ name: `ours vs log_ota at ${largeSteps.toLocaleString('en')} steps (p50)`, value: `${times(faster)} faster`, target: '≥ 100×', ok: faster >= 100 });
  const mcpFaster = quantile(peerLarge, 0.5) / quantile(mcpLarge, 0.5);
  rows.push({ name: `gcc_log over MCP vs log_ota at ${largeSteps.toLocaleString('en')} steps (p50)`, value: `${times(mcpFaster)} faster`, target: '≥ 100×', ok: mcpFaster >= 100 });
  return rows;
}
