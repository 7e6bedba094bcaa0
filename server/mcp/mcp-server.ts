// One MCP server over one workspace: its tools, resources and prompts, and the session's current branch. A stdio
// process makes one; the dashboard's /api/mcp makes one per MCP session.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { registerPrompts } from './prompts.ts';
import { READ_ONLY, registerReadTools } from './read-tools.ts';
import { registerResources } from './resources.ts';
import { registerWriteTools, WRITE_TOOL_NAMES } from './write-tools.ts';
import { followWriteAccess, notOfferedSentence, writesOff, type WritesOff } from './write-access.ts';
import { requireBranch, type McpSession, type McpWorkspace } from './mcp-workspace.ts';
import { answerTool, textResult } from './tool-result.ts';

export const SERVER_NAME = 'gcc-studio';

/**
 * The largest message a server reads: past it stdio drops the line (stdin-lines.ts) and HTTP answers 413. The SDK's
 * defaults (10 MiB on stdio, which then ends the session; 4 MiB over HTTP) would turn a 50 MB field into a transport
 * error; with room for it, the write layer refuses it with one sentence instead.
 */
export const MAX_MCP_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface McpServerOptions {
  version: string;
}

const ABOUT = "GCC memory for this project, in Contexa's .GCC/ format (read by every Contexa implementation and shown live by the gcc-studio dashboard). ";
const INSTRUCTIONS =
  ABOUT +
  'Start with gcc_status, then gcc_context to read where the work stands (gcc_init first if there is no memory yet). ' +
  'While working, record each observation, thought and action with gcc_log; summarise finished work with gcc_commit; try an alternative on a gcc_branch and gcc_merge it back when it works.';

/** What an agent is told when this server writes nothing: what it can read, and that nothing it does is recorded. */
export function readOnlyInstructions(off: WritesOff): string {
  return (
    ABOUT +
    `Here this server only reads it: ${off.why}. ` +
    'Start with gcc_status, then gcc_context to read where the work stands; gcc_search, gcc_diff and gcc_history recall what was done. ' +
    'It offers no tool that writes, so the steps and commits of this session are not recorded through it.'
  );
}

export interface OpenMcpServer {
  server: McpServer;
  /** Stops following the bus and closes the server (and its transport). */
  close(): Promise<void>;
  /** Why a tool the client called is not offered (a write tool on a server that writes nothing now), or null. */
  notOffered(tool: string): string | null;
}

export function createMcpServer(ws: McpWorkspace, options: McpServerOptions): OpenMcpServer {
  const off = writesOff(ws);
  const server = new McpServer(
    { name: SERVER_NAME, title: 'gcc-studio: GCC memory', version: options.version },
    { capabilities: { resources: { subscribe: true, listChanged: true }, tools: { listChanged: true }, prompts: {} }, instructions: off ? readOnlyInstructions(off) : INSTRUCTIONS },
  );
  const session: McpSession = {
    branch: 'main',
    clientName: () => server.server.getClientVersion()?.name || 'mcp-client',
  };
  registerReadTools(server, ws, session);
  // Off for good: never listed. Off for now (a Zig workspace): listed again once it can be written.
  const stopWriteAccess = off?.lasting ? () => {} : followWriteAccess(ws, registerWriteTools(server, ws, session));
  server.registerTool(
    'gcc_switch',
    {
      title: 'Switch the current branch',
      description: "Makes a branch this session's current one: gcc_log, gcc_commit and gcc_context act on it when no branch is given. Writes nothing.",
      inputSchema: { name: z.string({ error: 'name must be a string (a branch name)' }).max(255, { error: 'name is longer than 255 characters' }) },
      annotations: { ...READ_ONLY, title: 'Switch branch' },
    },
    (args) =>
      answerTool(ws, () => {
        const b = requireBranch(ws, args.name);
        session.branch = args.name;
        const merged = b.status === 'merged' ? ` It is merged${b.mergedInto ? ` into "${b.mergedInto}"` : ''}: gcc_log and gcc_commit refuse to write to it (open a new branch with gcc_branch to go on).` : '';
        return textResult(`The current branch is now "${args.name}".${merged}`);
      }),
  );
  registerPrompts(server, ws, session);
  const stopFollowing = registerResources(server, ws);
  return {
    server,
    async close() {
      stopFollowing();
      stopWriteAccess();
      await server.close();
    },
    notOffered(tool) {
      const now = writesOff(ws);
      return now && (WRITE_TOOL_NAMES as readonly string[]).includes(tool) ? notOfferedSentence(tool, now) : null;
    },
  };
}
