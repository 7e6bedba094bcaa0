// The MCP endpoint and tools under attack: /api/mcp must refuse what every route refuses (no token, a wrong one, a
// token in a cookie or the URL, a foreign Origin, a rebinding Host) for each of its methods, and every bad tool
// argument must be a tool error that writes nothing, over HTTP as over stdio.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BAD_INPUTS } from '../server/test-support/mcp-bad-inputs.ts';
import { changedFiles, rawRequest, startAttackStudio } from './studio.ts';
import type { AttackPart } from './types.ts';

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'attacker', version: '1' } } });
const LOG = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'gcc_log', arguments: { observation: 'injected', thought: 't', action: 'a' } } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** [what, method, headers beyond the MCP ones, body, the statuses that count as refused] */
function attempts(port: number, token: string): [string, string, Record<string, string>, string | undefined, number[]][] {
  const host = `127.0.0.1:${port}`;
  const bearer = { authorization: `Bearer ${token}` };
  const out: [string, string, Record<string, string>, string | undefined, number[]][] = [];
  for (const [method, body] of [['POST', INITIALIZE], ['POST', LOG], ['GET', undefined], ['DELETE', undefined]] as const) {
    out.push(
      [`${method} with no token`, method, { host }, body, [401]],
      [`${method} with a wrong token`, method, { host, authorization: 'Bearer not-the-token-0000' }, body, [401]],
      [`${method} with the token in a cookie`, method, { host, cookie: `gcc_studio_token=${token}` }, body, [401]],
      [`${method} with a rebinding Host`, method, { host: `evil.example:${port}`, ...bearer }, body, [403]],
      [`${method} with a rebinding Host of a loopback name`, method, { host: `rebind.127.0.0.1.nip.io:${port}`, ...bearer }, body, [403]],
      [`${method} with our name on another port`, method, { host: '127.0.0.1:1', ...bearer }, body, [403]],
    );
    if (method !== 'GET') {
      for (const origin of ['http://evil.example', `http://localhost.evil.example:${port}`, 'null', `https://127.0.0.1:${port}`]) {
        out.push([`${method} from Origin ${origin}`, method, { host, ...bearer, origin }, body, [403]]);
      }
    }
  }
  out.push(['POST with the token in the URL', 'POST', { host }, INITIALIZE, [401]]);
  return out;
}

export const mcpGuardPart: AttackPart = {
  kind: 'attack',
  name: '/api/mcp: token, Origin and rebinding Host',
  async run() {
    const studio = await startAttackStudio('python');
    const failures: string[] = [];
    let tried = 0;
    try {
      const before = studio.snapshot();
      const port = studio.server.port;
      for (const [what, method, headers, body, refused] of attempts(port, studio.token)) {
        tried++;
        const path = what.includes('in the URL') ? `/api/mcp?token=${studio.token}` : '/api/mcp';
        const res = await rawRequest(port, path, method, { ...MCP_HEADERS, ...headers }, body);
        if (!refused.includes(res.status)) failures.push(`${what}: answered ${res.status} (${res.text.slice(0, 120)})`);
      }
      const changed = changedFiles(before, studio.snapshot());
      if (changed.length) failures.push(`files changed: ${changed.join(', ')}`);
    } finally {
      await studio.stop();
    }
    return { tried, failures };
  },
};

export const mcpBadInputPart: AttackPart = {
  kind: 'attack',
  name: 'MCP tools: bad arguments (isError, nothing written)',
  async run() {
    const studio = await startAttackStudio('python');
    const failures: string[] = [];
    let tried = 0;
    const transport = new StreamableHTTPClientTransport(new URL(`${studio.origin}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${studio.token}` } } });
    const client = new Client({ name: 'attacker', version: '1' });
    try {
      await client.connect(transport);
      for (const [what, tool, args, says] of BAD_INPUTS) {
        tried++;
        const before = studio.snapshot();
        const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
        const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
        if (!result.isError) failures.push(`${what}: not refused (${text.slice(0, 120)})`);
        else if (!says.test(text)) failures.push(`${what}: refused as "${text.slice(0, 160)}"`);
        const changed = changedFiles(before, studio.snapshot());
        if (changed.length) failures.push(`${what}: files changed: ${changed.join(', ')}`);
      }
      tried++;
      const alive = (await client.callTool({ name: 'gcc_status', arguments: {} })) as CallToolResult;
      if (alive.isError) failures.push('the server did not answer after the bad arguments');
    } finally {
      await transport.terminateSession().catch(() => {});
      await client.close();
      await studio.stop();
    }
    return { tried, failures };
  },
};
