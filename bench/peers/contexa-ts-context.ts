// The real Contexa TypeScript reader answering CONTEXT, run by the bench as its own process; prints the time of load() +
// context() + summary() and the text's length. argv: PEER_SRC PROJECT_DIR BRANCH OUT_FILE.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [peerSrc, projectDir, branch, outFile] = process.argv.slice(2) as [string, string, string, string];
const require = createRequire(import.meta.url);
// The peer is CommonJS (its package.json says so); tsx compiles it on require.
const { GCCWorkspace } = require(`${peerSrc}/workspace.ts`) as {
  GCCWorkspace: new (root: string) => { load(): void; context(branch?: string, k?: number): { summary(): string } };
};
const t0 = performance.now();
const c0 = process.cpuUsage();
const ws = new GCCWorkspace(projectDir);
ws.load();
const text = ws.context(branch, 1).summary();
const workMs = performance.now() - t0;
const cpu = process.cpuUsage(c0);
writeFileSync(outFile, text);
process.stdout.write(`${JSON.stringify({ workMs, cpuMs: (cpu.user + cpu.system) / 1000, chars: text.length, rssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
