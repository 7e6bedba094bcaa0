// Contexa's real Python writer as the agent on the other side of the file system: one python3 process for the
// test, driving contexa.workspace.GCCWorkspace on the studio's folder, one JSON line per operation.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { contexaPeers, pythonWithYaml } from '../../server/test-support/real-contexa.ts';

const LOOP = String.raw`
import json, sys
from contexa.workspace import GCCWorkspace
ws = GCCWorkspace(sys.argv[1])
ws.load()
for line in sys.stdin:
    req = json.loads(line)
    try:
        if ws.current_branch != req["branch"]:
            ws.switch_branch(req["branch"])
        if req["op"] == "log":
            r = ws.log_ota(req["o"], req["t"], req["a"])
            out = {"step": r.step}
        elif req["op"] == "commit":
            out = {"commitId": ws.commit(req["c"]).commit_id}
        else:
            raise ValueError("unknown op " + req["op"])
    except Exception as e:
        out = {"error": type(e).__name__ + ": " + str(e)}
    print(json.dumps(out), flush=True)
`;

export class RealPythonWriter {
  private readonly child: ChildProcess;
  private readonly replies: ((line: string) => void)[] = [];

  constructor(projectDir: string) {
    this.child = spawn(pythonWithYaml(), ['-c', LOOP, projectDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, PYTHONPATH: join(contexaPeers(), 'python') },
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => this.replies.shift()?.(line));
  }

  private request(req: object): Promise<Record<string, unknown>> {
    return new Promise((done, fail) => {
      this.replies.push((line) => {
        const reply = JSON.parse(line) as Record<string, unknown>;
        if (typeof reply.error === 'string') fail(new Error(`real Python Contexa: ${reply.error}`));
        else done(reply);
      });
      this.child.stdin!.write(`${JSON.stringify(req)}\n`);
    });
  }

  /** GCCWorkspace.log_ota on `branch`; resolves with the step number Python gave, once the bytes are on disk. */
  async logStep(branch: string, f: { observation: string; thought: string; action: string }): Promise<number> {
    return (await this.request({ op: 'log', branch, o: f.observation, t: f.thought, a: f.action })).step as number;
  }

  /** GCCWorkspace.commit on `branch`; resolves with the commit id. */
  async commit(branch: string, contribution: string): Promise<string> {
    return (await this.request({ op: 'commit', branch, c: contribution })).commitId as string;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin!.end();
    await exited;
  }
}
