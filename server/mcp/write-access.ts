// Whether this server offers its write tools: not at all when it never writes (--read-only, a workspace read from git,
// no writer), and not while the workspace is Contexa Zig's, which gcc-studio does not write. A client lists only what
// it may call, so an agent is not told to log and then refused at its first write.
import type { RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { agentDialectProblem } from '../../shared/gcc/write/agent-records.ts';
import type { McpWorkspace } from './mcp-workspace.ts';

/** Why nothing is written, and whether that holds for the server's whole life (then the tools are never registered). */
export interface WritesOff {
  why: string;
  lasting: boolean;
}

/** Why this server writes nothing now, or null when it writes. */
export function writesOff(ws: McpWorkspace): WritesOff | null {
  if (ws.readOnly) return { why: 'gcc-studio runs with --read-only: it writes nothing to the workspace', lasting: true };
  const w = ws.store.workspace();
  if (w.readOnly || !ws.writer) return { why: 'This workspace is read-only to gcc-studio (read from git, or served without a writer)', lasting: true };
  if (!w.present || w.branches.length === 0) return null;
  // A branch nobody could tell is written as main's (agent-writes.ts); the workspace is Zig's when every branch is.
  const main = w.branches.find((b) => b.name === 'main')?.dialect ?? 'unknown';
  if (!w.branches.every((b) => (b.dialect === 'unknown' ? main : b.dialect) === 'zig')) return null;
  return { why: `This workspace is written by Contexa Zig, and ${agentDialectProblem('zig')!.replace(/\.$/, '')}`, lasting: false };
}

/** The sentence an agent gets for calling a write tool that is not offered. */
export function notOfferedSentence(tool: string, off: WritesOff): string {
  return `${off.why}; so ${tool} is not offered here, and the read tools (gcc_status, gcc_context, gcc_search, gcc_diff, gcc_history) still answer.`;
}

/** Enables or disables the write tools as the workspace's writer changes (the SDK then sends tools/list_changed). */
export function followWriteAccess(ws: McpWorkspace, tools: readonly RegisteredTool[]): () => void {
  const apply = () => {
    const enabled = writesOff(ws) === null;
    for (const tool of tools) if (tool.enabled !== enabled) (enabled ? tool.enable : tool.disable)();
  };
  apply();
  // Once per turn of the event loop: a start or a rescan sends an event a branch, and each look lists them all.
  let pending: NodeJS.Immediate | null = null;
  const stop = ws.bus.subscribe((event) => {
    if (pending || !(event.type === 'workspace-reset' || event.type === 'branch-added' || event.type === 'branch-removed' || event.type === 'branch-reloaded' || event.type === 'metadata-changed' || event.type === 'resync')) return;
    pending = setImmediate(() => {
      pending = null;
      apply();
    });
  });
  return () => {
    stop();
    if (pending) clearImmediate(pending);
  };
}
