// The SDK's own Client on a real gcc-studio MCP server: the command spawned over stdio as a client spawns it, or a
// dashboard's /api/mcp over Streamable HTTP. Tests only.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const ENTRY = join(import.meta.dirname, '..', 'test-support', 'cli-entry.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface TestClient {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** `gcc-studio mcp ARGS…` from the sources (no build needed), as a client spawns it. */
export async function stdioClient(args: string[], name = 'test-client'): Promise<TestClient> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', TSX, ENTRY, 'mcp', ...args], stderr: 'pipe', env: { ...process.env } as Record<string, string> });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}

/** The dashboard's MCP endpoint at `url` (token and ?ws= included by the caller). */
export async function httpClient(url: string, headers: Record<string, string>, name = 'test-client'): Promise<TestClient> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => '',
    async close() {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

/** A tool's answer, typed. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}
