// What one MCP server reads and writes: the live workspace it shares with the dashboard (or runs for itself over
// stdio), and the refusals every tool answers as a tool error rather than a protocol error.
import type { BranchSummary } from '../../shared/api.ts';
import { branchNameProblem } from '../../shared/gcc/read/paths.ts';
import type { EventBus, Store, WorkspaceView } from '../live/index.ts';
import type { TimeTravel } from '../travel/index.ts';
import type { MemoryWriter } from '../write/index.ts';
import type { AgentDialect } from '../../shared/gcc/write/agent-records.ts';

export interface McpWorkspace {
  /** The live store (a dashboard's routes read the same one). */
  store: WorkspaceView & Partial<Pick<Store, 'apply' | 'idle'>>;
  bus: EventBus;
  /** The .GCC/ folder (it may not exist yet: gcc_init creates it). */
  gccDir: string;
  /** The server was started --read-only: the write tools refuse. */
  readOnly: boolean;
  /** Time travel over the store (`at`, `since`); null when the store cannot travel. */
  travel: TimeTravel | null;
  /** The one write layer (server/write): every write tool goes through it; null: a server that never writes. */
  writer: MemoryWriter | null;
  /** The dialect gcc_init writes a new workspace in (`--dialect`); default the writer's (python). */
  newDialect?: AgentDialect;
  /** Where a bug's details go (stderr): the agent is told one sentence. */
  logError: (error: unknown) => void;
}

/** What one MCP session keeps: its current branch (Contexa keeps one per process), and who the client is. */
export interface McpSession {
  branch: string;
  /** The client's `clientInfo.name` from its initialize request, or "mcp-client" before it. */
  clientName(): string;
}

/** A bad argument or a state the tool cannot act in: one sentence for the agent, nothing written. */
export class ToolRefusal extends Error {
  override name = 'ToolRefusal';
}

export const NOT_INITIALISED = 'This folder has no GCC memory yet (no .GCC/ folder): call gcc_init with the project goal first.';

export function requirePresent(ws: McpWorkspace): void {
  if (!ws.store.workspace().present) throw new ToolRefusal(NOT_INITIALISED);
}

/** The branch's summary, or a refusal naming the branches there are. */
export function requireBranch(ws: McpWorkspace, name: string): BranchSummary {
  requirePresent(ws);
  const problem = branchNameProblem(name);
  if (problem) throw new ToolRefusal(`Bad branch name: ${problem}.`);
  const branches = ws.store.workspace().branches;
  const found = branches.find((b) => b.name === name);
  if (!found) throw new ToolRefusal(`There is no branch "${name}" (branches: ${branches.map((b) => b.name).join(', ') || 'none'}).`);
  return found;
}
