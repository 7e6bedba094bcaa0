// The gcc_log round trip as an agent's client sees it: the built `gcc-studio mcp` spawned over stdio (as Claude Code
// spawns it), the SDK's own Client, the time from callTool to its answer, each step written and numbered on disk.
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const BIN = resolve(import.meta.dirname, '..', 'bin', 'gcc-studio.js');

/** Each round trip's latency in ms: `count` gcc_log calls one after another on main of the workspace in `dir`. */
export async function mcpLogRoundTrips(dir: string, count: number): Promise<number[]> {
  const client = new Client({ name: 'gcc-studio-bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', dir], stderr: 'ignore' }));
  try {
    // The first call pays for loading the write side: not a step's cost.
    await client.callTool({ name: 'gcc_status', arguments: {} });
    const ms: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const result = (await client.callTool({ name: 'gcc_log', arguments: { observation: `mcp bench ${i}`, thought: 'bench thought', action: 'append' } })) as CallToolResult;
      ms.push(performance.now() - t0);
      if (result.isError) throw new Error(`gcc_log refused: ${JSON.stringify(result.content)}`);
    }
    return ms;
  } finally {
    await client.close();
  }
}
