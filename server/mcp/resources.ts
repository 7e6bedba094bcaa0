// The memory's files as MCP resources (main.md, each branch's three files, each branch's CONTEXT at K=1), and their
// subscriptions: the live bus says what changed, whoever changed it (this server's tools, another process, a Contexa
// writer, a hand edit in the page), and each subscribed resource it touched gets notifications/resources/updated.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { StudioEvent } from '../../shared/events.ts';
import { BRANCH_FILES, branchFilePath, branchNameProblem, ROADMAP_FILE, type BranchFileKind } from '../../shared/gcc/read/paths.ts';
import { diskSource } from '../fs/index.ts';
import { NOT_INITIALISED, ToolRefusal, type McpWorkspace } from './mcp-workspace.ts';
import { contextOf } from './read-tools.ts';

/** A file past this many bytes is served as its last RESOURCE_TAIL_BYTES, from a line start (a 50 MB log is 50 MB of JSON otherwise). */
export const RESOURCE_TAIL_BYTES = 1024 * 1024;

export const ROADMAP_URI = 'gcc://main.md';
const FILE_NAMES = Object.values(BRANCH_FILES) as string[];
const KIND_OF_FILE = new Map<string, BranchFileKind>(Object.entries(BRANCH_FILES).map(([kind, file]) => [file, kind as BranchFileKind]));

export const branchFileUri = (branch: string, file: string) => `gcc://branches/${encodeURIComponent(branch)}/${file}`;
export const contextUri = (branch: string) => `gcc://context/${encodeURIComponent(branch)}`;

const TAIL_NOTE = `A file over ${RESOURCE_TAIL_BYTES / 1024 / 1024} MiB is served as its last MiB, starting at a line (gcc_history and gcc_search reach older records).`;

/**
 * Which resources an event may have changed: `roadmap`, main.md and every CONTEXT (each opens with the roadmap); `all`
 * when it cannot say (a reset, a gap in the stream).
 */
export function urisChangedBy(event: StudioEvent): string[] | 'roadmap' | 'all' {
  const files = (branch: string, names: string[]) => [...names.map((f) => branchFileUri(branch, f)), contextUri(branch)];
  switch (event.type) {
    case 'steps-appended':
      return files(event.branch, [BRANCH_FILES.log]);
    case 'commits-appended':
      return files(event.branch, [BRANCH_FILES.commit]);
    case 'metadata-changed':
      return files(event.branch, [BRANCH_FILES.metadata]);
    case 'branch-reloaded':
    case 'branch-added':
    case 'branch-removed':
      return files(event.branch, FILE_NAMES);
    case 'roadmap-changed':
      return 'roadmap';
    case 'diagnostics-changed':
    case 'record-edited':
    case 'authors-changed':
      // The file's own change comes as its own event.
      return [];
    case 'workspace-reset':
    case 'resync':
      return 'all';
  }
}

function decodeSegment(segment: string | string[] | undefined): string {
  const raw = Array.isArray(segment) ? segment.join('/') : (segment ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new McpError(ErrorCode.InvalidParams, `"${raw}" is not a well-formed branch name in a URI`);
  }
}

/** A file's bytes as text, or its tail past the limit; the read refuses links as every reader does. */
async function readFileText(ws: McpWorkspace, relative: string): Promise<string> {
  const source = diskSource(ws.gccDir);
  const opened = source.open(`${source.root}/${relative}`, Number.MAX_SAFE_INTEGER);
  if (!opened.ok) throw new McpError(ErrorCode.InvalidParams, opened.missing ? `.GCC/${relative} does not exist` : `.GCC/${relative}: ${opened.message}`);
  try {
    const size = opened.stamp.size;
    const start = Math.max(0, size - RESOURCE_TAIL_BYTES);
    const bytes = await opened.source.read(start, size - start);
    const text = new TextDecoder().decode(bytes);
    return start === 0 ? text : text.slice(text.indexOf('\n') + 1);
  } finally {
    opened.close();
  }
}

/** A branch's name that is no branch here: refused with the branches there are. */
function requireKnownBranch(ws: McpWorkspace, name: string): void {
  const problem = branchNameProblem(name);
  if (problem) throw new McpError(ErrorCode.InvalidParams, `bad branch name: ${problem}`);
  const names = ws.store.workspace().branches.map((b) => b.name);
  if (!names.includes(name)) throw new McpError(ErrorCode.InvalidParams, `there is no branch "${name}" (branches: ${names.join(', ') || 'none'})`);
}

/** Which of a branch's files `file` names, on a branch that exists; else a refusal. */
function branchFileKind(ws: McpWorkspace, name: string, file: string): BranchFileKind {
  requireKnownBranch(ws, name);
  const kind = KIND_OF_FILE.get(file);
  if (!kind) throw new McpError(ErrorCode.InvalidParams, `a branch has ${FILE_NAMES.join(', ')}, not "${file}"`);
  return kind;
}

const BRANCH_FILE_URI = /^gcc:\/\/branches\/([^/]*)\/([^/]*)$/;
const CONTEXT_URI = /^gcc:\/\/context\/([^/]*)$/;

/**
 * Refuses a subscription to what is no resource here (an unknown branch, a file a branch does not have, another URI):
 * it would never be told of anything. main.md may be subscribed to before gcc_init writes it.
 */
export function checkSubscribable(ws: McpWorkspace, uri: string): void {
  if (uri === ROADMAP_URI) return;
  const file = BRANCH_FILE_URI.exec(uri);
  const context = CONTEXT_URI.exec(uri);
  if (!file && !context) {
    throw new McpError(ErrorCode.InvalidParams, `there is no resource "${uri}" (there are ${ROADMAP_URI}, gcc://branches/{name}/{file} and gcc://context/{branch})`);
  }
  if (!ws.store.workspace().present) throw new McpError(ErrorCode.InvalidParams, NOT_INITIALISED);
  if (file) branchFileKind(ws, decodeSegment(file[1]), decodeSegment(file[2]));
  else requireKnownBranch(ws, decodeSegment(context![1]));
}

function textResource(uri: string, text: string, mimeType: string): ReadResourceResult {
  return { contents: [{ uri, mimeType, text }] };
}

export function registerResources(server: McpServer, ws: McpWorkspace): () => void {
  const present = () => {
    if (!ws.store.workspace().present) throw new McpError(ErrorCode.InvalidParams, NOT_INITIALISED);
  };
  const branchNames = () => ws.store.workspace().branches.map((b) => b.name);

  server.registerResource(
    'roadmap',
    ROADMAP_URI,
    { title: 'GCC roadmap (main.md)', description: `The project's goal and milestones, as written. ${TAIL_NOTE}`, mimeType: 'text/markdown' },
    async (uri) => {
      present();
      return textResource(uri.href, await readFileText(ws, ROADMAP_FILE), 'text/markdown');
    },
  );

  server.registerResource(
    'branch-file',
    new ResourceTemplate('gcc://branches/{name}/{file}', {
      list: () => ({
        resources: branchNames().flatMap((name) =>
          FILE_NAMES.map((file) => ({ uri: branchFileUri(name, file), name: `${name}/${file}`, mimeType: file.endsWith('.yaml') ? 'application/yaml' : 'text/markdown' })),
        ),
      }),
      complete: { name: () => branchNames(), file: () => FILE_NAMES },
    }),
    { title: "A branch's file", description: `A branch's log.md (its steps), commit.md (its commits) or metadata.yaml, byte for byte as written. ${TAIL_NOTE}` },
    async (uri, variables) => {
      present();
      const name = decodeSegment(variables.name);
      const file = decodeSegment(variables.file);
      const kind = branchFileKind(ws, name, file);
      return textResource(uri.href, await readFileText(ws, branchFilePath(name, kind)), file.endsWith('.yaml') ? 'application/yaml' : 'text/markdown');
    },
  );

  server.registerResource(
    'context',
    new ResourceTemplate('gcc://context/{branch}', {
      list: () => ({ resources: branchNames().map((name) => ({ uri: contextUri(name), name: `CONTEXT of ${name}`, mimeType: 'text/plain' })) }),
      complete: { branch: () => branchNames() },
    }),
    { title: "A branch's CONTEXT (K=1)", description: "What the workspace's Contexa implementation returns as the branch's CONTEXT with its last commit (gcc_context gives other K)." },
    (uri, variables) => {
      present();
      const name = decodeSegment(variables.branch);
      try {
        return textResource(uri.href, contextOf(ws, ws.store, name, 1, null), 'text/plain');
      } catch (err) {
        if (err instanceof ToolRefusal) throw new McpError(ErrorCode.InvalidParams, err.message);
        throw err;
      }
    },
  );

  return followSubscriptions(server, ws);
}

/** Subscribe/Unsubscribe, and an update for each subscribed resource a change on the bus touched; returns the stop. */
function followSubscriptions(server: McpServer, ws: McpWorkspace): () => void {
  const subscribed = new Set<string>();
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    checkSubscribable(ws, request.params.uri);
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  const send = (uri: string) => void server.server.sendResourceUpdated({ uri }).catch(() => {});
  return ws.bus.subscribe((event) => {
    if (event.type === 'branch-added' || event.type === 'branch-removed' || event.type === 'workspace-reset') {
      if (server.isConnected()) server.sendResourceListChanged();
    }
    if (subscribed.size === 0 || !server.isConnected()) return;
    const changed = urisChangedBy(event);
    if (changed === 'all') subscribed.forEach(send);
    else if (changed === 'roadmap') [...subscribed].filter((uri) => uri === ROADMAP_URI || uri.startsWith('gcc://context/')).forEach(send);
    else for (const uri of changed) if (subscribed.has(uri)) send(uri);
  });
}
