// /api/mcp: the workspace's MCP server over Streamable HTTP (server/mcp/http.ts), loaded on its first request so a
// dashboard that no agent talks to never loads the SDK. The guards of /api ran first: the token, the Host, the Origin.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ROUTES } from '../../../shared/routes.ts';
import type { McpEndpoint, McpWorkspace } from '../../mcp/index.ts';

/** What a server that hosts /api/mcp gives its apps: the version it reports, and the endpoints it closes when it stops. */
export interface McpHosting {
  version: string;
  opened: Set<McpEndpoint>;
}

export function mcpRoutes(hosting: McpHosting | null, workspace: () => McpWorkspace) {
  let endpoint: Promise<McpEndpoint> | null = null;
  return new Hono().on(['GET', 'POST', 'DELETE'], ROUTES.mcp.path, async (c) => {
    if (!hosting) throw new HTTPException(404, { message: 'this server has no MCP endpoint' });
    endpoint ??= import('../../mcp/index.ts').then(({ createMcpEndpoint }) => {
      const made = createMcpEndpoint(workspace(), { version: hosting.version });
      hosting.opened.add(made);
      return made;
    });
    return (await endpoint).handle(c.req.raw);
  });
}

/** Closes every endpoint a server's apps opened (their sessions and streams). */
export async function closeMcpEndpoints(hosting: McpHosting): Promise<void> {
  await Promise.all([...hosting.opened].map((e) => e.close()));
  hosting.opened.clear();
}
