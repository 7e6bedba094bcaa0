// The real Contexa TypeScript reader (../shared/peers/contexa, unchanged; run through tsx) answering CONTEXT for
// many workspaces in one process. argv: PEER_SRC JOBS_FILE; JOBS_FILE holds [{dir, branch, k}]. Prints one JSON
// list: per job {text, commits, steps} or {error} when the reader threw.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface Job {
  dir: string;
  branch: string;
  k: number;
}
type Workspace = { load(): void; context(branch?: string, k?: number): { summary(): string; commits: unknown[]; otaRecords?: unknown[] } };

const [peerSrc, jobsFile] = process.argv.slice(2) as [string, string];
const require = createRequire(import.meta.url);
// The peer is CommonJS (its package.json says so); tsx compiles it on require.
const { GCCWorkspace } = require(`${peerSrc}/workspace.ts`) as { GCCWorkspace: new (root: string) => Workspace };
const jobs = JSON.parse(readFileSync(jobsFile, 'utf8')) as Job[];
const out = jobs.map((job) => {
  try {
    const ws = new GCCWorkspace(job.dir);
    ws.load();
    const ctx = ws.context(job.branch, job.k);
    const all = ws.context(job.branch, 1_000_000);
    return { text: ctx.summary(), commits: all.commits.length, steps: (all as { otaRecords?: unknown[] }).otaRecords?.length ?? -1 };
  } catch (err) {
    return { error: (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 300) };
  }
});
process.stdout.write(JSON.stringify(out));
