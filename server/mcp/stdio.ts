// `gcc-studio mcp [DIR]`: one MCP server over stdin/stdout with a live workspace of its own, so numbering is
// incremental and resource updates come from its watcher. Only MCP frames reach stdout: anything else the process
// prints (a library's log, the token worker's output) goes to stderr.
import { Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { locateGccDir } from '../fs/index.ts';
import { openLiveWorkspace } from '../live/index.ts';
import { timeTravelFor } from '../travel/index.ts';
import { createMemoryWriter, recoverWorkspace } from '../write/index.ts';
import type { AgentDialect } from '../../shared/gcc/write/agent-records.ts';
import { createMcpServer, MAX_MCP_MESSAGE_BYTES } from './mcp-server.ts';
import { stdinLines } from './stdin-lines.ts';
import { withPlainErrors } from './plain-errors.ts';
import type { McpWorkspace } from './mcp-workspace.ts';

export interface StdioOptions {
  dir: string;
  readOnly: boolean;
  /** The dialect gcc_init writes a new workspace in; default python. */
  dialect: AgentDialect | null;
  version: string;
  /** One line to stderr. */
  warn: (line: string) => void;
}

/**
 * Keeps stdout for the frames: process.stdout.write (console.log, a worker's piped output) goes to stderr from now on,
 * and the transport writes through the original write, with its backpressure.
 */
export function claimStdout(): Writable {
  const stdout = process.stdout;
  const frameWrite = stdout.write.bind(stdout);
  stdout.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) =>
    (process.stderr.write as (...a: unknown[]) => boolean)(chunk, encoding, callback)) as typeof stdout.write;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (frameWrite(chunk)) callback();
      else stdout.once('drain', () => callback());
    },
  });
}

/** Serves until the client closes stdin (or a signal); resolves with the exit code. */
export async function runMcpStdio(options: StdioOptions): Promise<number> {
  const frames = claimStdout();
  const { projectDir, gccDir } = await locateGccDir(options.dir);
  for (const line of (await recoverWorkspace(gccDir, { readOnly: options.readOnly })).lines) options.warn(`gcc-studio: ${line}`);
  const logError = (e: unknown) => options.warn(`gcc-studio mcp: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  const live = await openLiveWorkspace({ gccDir, root: projectDir, readOnly: options.readOnly, onError: logError });
  const writer = createMemoryWriter({ gccDir, store: live.store, readOnly: options.readOnly, ...(options.dialect ? { newWorkspaceDialect: options.dialect } : {}) });
  const ws: McpWorkspace = {
    store: live.store,
    bus: live.bus,
    gccDir,
    readOnly: options.readOnly,
    travel: timeTravelFor(live.store, gccDir, live.bus),
    writer,
    ...(options.dialect ? { newDialect: options.dialect } : {}),
    logError,
  };
  const { server, close, notOffered } = createMcpServer(ws, { version: options.version });
  const transport = new StdioServerTransport(process.stdin.pipe(stdinLines(MAX_MCP_MESSAGE_BYTES, options.warn)), frames, { maxBufferSize: MAX_MCP_MESSAGE_BYTES + 1 });
  const ended = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await server.connect(withPlainErrors(transport, notOffered));
  options.warn(`gcc-studio mcp: serving ${gccDir} over stdio`);
  await ended;
  await close().catch(logError);
  await live.close();
  return 0;
}
