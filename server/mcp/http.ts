// The MCP server over Streamable HTTP, for the dashboard's /api/mcp: one MCP server and transport per session (each
// keeps its own current branch), found again by the Mcp-Session-Id header, all closed when the dashboard stops. The
// token, Host and Origin were checked before a request gets here (http/security.ts): the SDK's own DNS-rebinding
// guard is off by default (CVE-2025-66414) and is not relied on.
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer, MAX_MCP_MESSAGE_BYTES, type OpenMcpServer } from './mcp-server.ts';
import type { McpWorkspace } from './mcp-workspace.ts';
import { withPlainErrors } from './plain-errors.ts';

/** Sessions kept at once; past it the one used longest ago is closed (a client that left without DELETE). */
export const MAX_MCP_SESSIONS = 64;

export interface McpEndpoint {
  handle(request: Request): Promise<Response>;
  readonly sessionCount: number;
  /** Closes every session and refuses new ones. */
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  open: OpenMcpServer;
}

function jsonRpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status });
}

export function createMcpEndpoint(ws: McpWorkspace, options: { version: string; maxSessions?: number }): McpEndpoint {
  const sessions = new Map<string, Session>();
  const max = options.maxSessions ?? MAX_MCP_SESSIONS;
  let closed = false;

  const end = async (id: string, session: Session) => {
    sessions.delete(id);
    await session.open.close().catch(ws.logError);
  };

  const start = async (request: Request): Promise<Response> => {
    const open = createMcpServer(ws, { version: options.version });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: MAX_MCP_MESSAGE_BYTES,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, open });
        if (sessions.size > max) {
          const [oldest, session] = sessions.entries().next().value!;
          void end(oldest, session);
        }
      },
      onsessionclosed: (id) => {
        const session = sessions.get(id);
        if (session) void end(id, session);
      },
    });
    await open.server.connect(withPlainErrors(transport, open.notOffered));
    const response = await transport.handleRequest(request);
    // Not an initialize request: no session was made, so nothing keeps this server.
    if (!transport.sessionId || !sessions.has(transport.sessionId)) await open.close();
    return response;
  };

  return {
    get sessionCount() {
      return sessions.size;
    },
    async handle(request) {
      if (closed) return jsonRpcError(503, 'the server is stopping');
      const id = request.headers.get('mcp-session-id');
      if (id === null) {
        if (request.method !== 'POST') return jsonRpcError(400, 'no MCP session: send an initialize request first');
        return start(request);
      }
      const session = sessions.get(id);
      if (!session) return jsonRpcError(404, 'no such MCP session (it ended, or the server restarted): initialize a new one');
      // Most recently used last, so the eviction above takes the one used longest ago.
      sessions.delete(id);
      sessions.set(id, session);
      return session.transport.handleRequest(request);
    },
    async close() {
      closed = true;
      await Promise.all([...sessions].map(([id, session]) => end(id, session)));
    },
  };
}
