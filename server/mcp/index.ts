// The MCP server: GCC memory for any agent, over stdio (`gcc-studio mcp`) or the dashboard's /api/mcp.
export { createMcpServer, SERVER_NAME, type OpenMcpServer } from './mcp-server.ts';
export type { McpWorkspace } from './mcp-workspace.ts';
export { runMcpStdio, type StdioOptions } from './stdio.ts';
export { createMcpEndpoint, MAX_MCP_SESSIONS, type McpEndpoint } from './http.ts';
