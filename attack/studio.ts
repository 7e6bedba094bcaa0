// The real server on a temp copy of a corpus workspace, for the attack parts, and a snapshot of every file under the temp
// root, so a part can prove nothing changed.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CORPUS } from '../fixtures/corpus.ts';
import { startServer, type RunningServer } from '../server/http/serve.ts';

export interface AttackStudio {
  server: RunningServer;
  /** The temp folder: the project (holding .GCC/) is `root/project`; `root/outside` is a sibling an attack may target. */
  root: string;
  project: string;
  origin: string;
  token: string;
  /**
   * One HTTP request with the path sent exactly as given (no URL normalisation of `..`, unlike fetch), with the token
   * (unless `auth: false`) and a same-origin Origin on writes.
   */
  request(path: string, init?: RawRequest): Promise<RawResponse>;
  snapshot(): Map<string, string>;
  /** Stops the server and starts a new one on the same folder (what a restart after a crash does); its warnings. */
  restart(): Promise<string[]>;
  /** The start-up warnings of the server now running. */
  warnings: string[];
  stop(): Promise<void>;
}

export interface StudioOptions {
  readOnly?: boolean;
  /** Runs on the copied folders before the server starts (links, modes, leftovers of a crash). */
  prepare?: (paths: { root: string; project: string; gccDir: string; outside: string }) => void | Promise<void>;
  /** The folder to make the temp root in (default the system's temp folder; e.g. a small tmpfs). */
  under?: string;
  /** Do not start a server: a part starts its own (a crashing one) and calls restart() later. */
  noServer?: boolean;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  auth?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function rawRequest(port: number, path: string, method: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A request as AttackStudio.request sends it, to any port (a crashing server's). */
export function studioRequest(port: number, token: string, path: string, init: RawRequest = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...init.headers };
  if (init.auth !== false && !headers.authorization) headers.authorization = `Bearer ${token}`;
  if (init.method && init.method !== 'GET' && !headers.origin) headers.origin = `http://127.0.0.1:${port}`;
  if (init.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return rawRequest(port, path, init.method ?? 'GET', headers, init.body);
}

export async function startAttackStudio(corpusCase = 'python', options: StudioOptions = {}): Promise<AttackStudio> {
  const root = mkdtempSync(join(options.under ?? tmpdir(), 'gcc-attack-'));
  const project = join(root, 'project');
  const outside = join(root, 'outside');
  cpSync(join(CORPUS, corpusCase, '.GCC'), join(project, '.GCC'), { recursive: true });
  cpSync(join(CORPUS, corpusCase, '.GCC'), join(outside, '.GCC'), { recursive: true });
  await options.prepare?.({ root, project, gccDir: join(project, '.GCC'), outside });
  const token = `attack-${Math.random().toString(36).slice(2)}`;
  const start = async (warnings: string[]) =>
    startServer({ dir: project, port: 0, token, open: false, readOnly: options.readOnly ?? false, log: () => {}, warn: (line) => warnings.push(line) });
  let warnings: string[] = [];
  let server: RunningServer | null = options.noServer ? null : await start(warnings);
  const running = (): RunningServer => {
    if (!server) throw new Error('no server is running: call restart() first');
    return server;
  };
  return {
    get server() {
      return running();
    },
    root,
    project,
    get origin() {
      return `http://127.0.0.1:${running().port}`;
    },
    token,
    get warnings() {
      return warnings;
    },
    request: (path, init = {}) => studioRequest(running().port, token, path, init),
    snapshot() {
      const files = new Map<string, string>();
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (entry.isSymbolicLink()) files.set(relative(root, path), `link to ${readlinkSync(path)}`);
          else files.set(relative(root, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
        }
      };
      walk(root);
      return files;
    },
    async restart() {
      await server?.close();
      server = null;
      warnings = [];
      server = await start(warnings);
      return warnings;
    },
    async stop() {
      await server?.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The files whose bytes differ between two snapshots (added, removed or changed). */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [path, hash] of after) if (before.get(path) !== hash) out.push(path);
  for (const path of before.keys()) if (!after.has(path)) out.push(path);
  return out.sort();
}
