// Run by the bench as its own process on the compiled server (dist/): our reader doing what the peers' in-process
// figure covers, reading the branch and answering CONTEXT as `gcc-studio context` does, module loading excluded.
// argv: PROJECT_DIR BRANCH DIALECT OUT_FILE. Prints one JSON line like the peers' scripts.
import { writeFileSync } from 'node:fs';

const [projectDir, branch, dialect, outFile] = process.argv.slice(2);
const dist = new URL('../dist/server/', import.meta.url);
const [{ readOnce }, { locateGccDir }] = await Promise.all([import(new URL('live/index.js', dist).href), import(new URL('fs/index.js', dist).href)]);
const t0 = performance.now();
const c0 = process.cpuUsage();
const { projectDir: root, gccDir } = await locateGccDir(projectDir);
const view = await readOnce({ gccDir, root, only: branch });
// What `gcc-studio context` prints: the text alone (token counts are the page's, counted off the main thread).
const reading = view.contextText(branch, 1, dialect);
const workMs = performance.now() - t0;
const cpu = process.cpuUsage(c0);
if (reading === null) throw new Error(`no branch ${branch}`);
if (reading.error !== undefined) throw new Error(`context() raises ${reading.error}`);
const text = reading.text;
writeFileSync(outFile, text);
const mem = process.memoryUsage();
process.stdout.write(`${JSON.stringify({ workMs, cpuMs: (cpu.user + cpu.system) / 1000, chars: text.length, rssBytes: process.resourceUsage().maxRSS * 1024, heapBytes: mem.heapUsed })}\n`);
