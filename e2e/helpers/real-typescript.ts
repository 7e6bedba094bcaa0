// Contexa's real TypeScript writer as the agent on the other side of the file system: its GCCWorkspace
// (../shared/peers/contexa/typescript/src, run by tsx) in one child process for the test, one JSON line per operation.
// Its one dependency, js-yaml 4.1.1, is a devDependency of gcc-studio (or found on $CONTEXA_TS_NODE_PATH).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { contexaPeers } from '../../server/test-support/real-contexa.ts';
import { REPO } from './studio.ts';

/** The node_modules folder that holds js-yaml for the peer. */
function jsYamlPath(): string {
  if (process.env.CONTEXA_TS_NODE_PATH) return process.env.CONTEXA_TS_NODE_PATH;
  try {
    return dirname(dirname(createRequire(join(REPO, 'package.json')).resolve('js-yaml/package.json')));
  } catch {
    throw new Error("js-yaml 4.1.1 (the real TypeScript Contexa's dependency) is not installed: run npm ci, or set CONTEXA_TS_NODE_PATH");
  }
}

const loop = (workspace: string): string => `
import { GCCWorkspace } from ${JSON.stringify(workspace)};
import * as readline from 'node:readline';
const ws = new GCCWorkspace(process.argv[2]);
ws.load();
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  let out;
  try {
    if (ws.currentBranch !== req.branch) ws.switchBranch(req.branch);
    if (req.op === 'log') out = { step: ws.logOTA(req.o, req.t, req.a).step };
    else if (req.op === 'commit') out = { commitId: ws.commit(req.c).commitId };
    else if (req.op === 'context') out = { b64: Buffer.from(ws.context(req.branch, req.k).summary(), 'utf8').toString('base64') };
    else throw new Error('unknown op ' + req.op);
  } catch (e) {
    out = { error: String(e && e.message || e) };
  }
  process.stdout.write(JSON.stringify(out) + '\\n');
});
`;

export class RealTypeScriptWriter {
  private readonly child: ChildProcess;
  private readonly scratch: string;
  private readonly replies: ((line: string) => void)[] = [];

  constructor(projectDir: string) {
    this.scratch = mkdtempSync(join(tmpdir(), 'gcc-real-ts-'));
    const script = join(this.scratch, 'loop.mts');
    writeFileSync(script, loop(join(contexaPeers(), 'typescript/src/workspace.ts')));
    this.child = spawn(process.execPath, [join(REPO, 'node_modules/tsx/dist/cli.mjs'), script, projectDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE_PATH: jsYamlPath() },
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.replies.shift()?.(line));
  }

  private request(req: object): Promise<Record<string, unknown>> {
    return new Promise((done, fail) => {
      this.replies.push((line) => {
        const reply = JSON.parse(line) as Record<string, unknown>;
        if (typeof reply.error === 'string') fail(new Error(`real TypeScript Contexa: ${reply.error}`));
        else done(reply);
      });
      this.child.stdin!.write(`${JSON.stringify(req)}\n`);
    });
  }

  async logStep(branch: string, f: { observation: string; thought: string; action: string }): Promise<number> {
    return (await this.request({ op: 'log', branch, o: f.observation, t: f.thought, a: f.action })).step as number;
  }

  async commit(branch: string, contribution: string): Promise<string> {
    return (await this.request({ op: 'commit', branch, c: contribution })).commitId as string;
  }

  /** Its own context(branch, k).summary(), as bytes. */
  async summary(branch: string, k: number): Promise<Buffer> {
    return Buffer.from((await this.request({ op: 'context', branch, k })).b64 as string, 'base64');
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((r) => this.child.once('exit', r));
      this.child.stdin!.end();
      await exited;
    }
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
