// One-shot reads of the 205k-step workspace, ours beside the real Contexa readers in the same run, interleaved; each
// CONTEXT text must be byte-identical to its peer's, or the figure is no figure.
import { join } from 'node:path';
import { contexaPeers } from './peers/contexa.ts';
import { describeMs, interleaved, mb, middle as median, speedup, times } from './figures.ts';
import type { BenchRow } from './stats.ts';
import { timedRun } from './processes.ts';
import type { Workload } from './workloads.ts';
import { readFileSync } from 'node:fs';

// `gcc-studio context` and `inspect` as processes (spawn → exit), and the work inside each process (read + parse +
// CONTEXT, module loading excluded), interleaved: ours, TypeScript peer, Python peer, ours…
export async function runOneShotBench(work: Workload, scratch: string, bin: string, rounds: number): Promise<BenchRow[]> {
  const peers = contexaPeers();
  if ('missing' in peers) return [{ name: 'Contexa peers', value: peers.missing, target: 'present', ok: false }];
  const out = (name: string) => join(scratch, `context-${name}.txt`);
  const texts: Record<string, string> = {};
  const rss: Record<string, number[]> = { ours: [], ts: [], py: [] };
  const work_: Record<string, number[]> = { ours: [], ts: [], py: [] };
  const cpu: Record<string, number[]> = { oursTs: [], oursPy: [], ts: [], py: [] };
  const oursWork = async (dialect: 'typescript' | 'python') => {
    const run = await timedRun(process.execPath, [join(import.meta.dirname, 'ours-work.mjs'), work.dir, 'main', dialect, out(`ours-work-${dialect}`)]);
    if (run.status !== 0) throw new Error(`ours-work.mjs failed: ${run.stderr}`);
    const r = JSON.parse(run.stdout) as { workMs: number; cpuMs: number; rssBytes: number };
    if (dialect === 'typescript') rss.ours!.push(r.rssBytes);
    cpu[dialect === 'typescript' ? 'oursTs' : 'oursPy']!.push(r.cpuMs);
    return r.workMs;
  };
  const wall = await interleaved(rounds, {
    oursContext: async () => {
      const run = await timedRun(process.execPath, [bin, 'context', work.dir, '--dialect', 'typescript']);
      if (run.status !== 0) throw new Error(`gcc-studio context failed: ${run.stderr}`);
      texts.oursTs = run.stdout;
      return run.wallMs;
    },
    oursInspect: async () => {
      const run = await timedRun(process.execPath, [bin, 'inspect', work.dir]);
      if (run.status !== 0) throw new Error(`gcc-studio inspect failed: ${run.stderr}`);
      return run.wallMs;
    },
    peerTs: async () => {
      const a = await peers.typescript(work.dir, 'main', out('peer-ts'));
      texts.peerTs = a.text;
      work_.ts!.push(a.workMs);
      cpu.ts!.push(a.cpuMs);
      rss.ts!.push(a.rssBytes);
      return a.wallMs;
    },
    peerPy: async () => {
      const a = await peers.python(work.dir, 'main', out('peer-py'));
      texts.peerPy = a.text;
      work_.py!.push(a.workMs);
      cpu.py!.push(a.cpuMs);
      rss.py!.push(a.rssBytes);
      return a.wallMs;
    },
    oursWorkTs: () => oursWork('typescript'),
    oursWorkPy: () => oursWork('python'),
  });
  work_.ours = wall.oursWorkTs;
  const oursPyText = readFileSync(out('ours-work-python'), 'utf8');
  const sameTs = texts.oursTs === texts.peerTs && readFileSync(out('ours-work-typescript'), 'utf8') === texts.peerTs;
  const samePy = oursPyText === texts.peerPy;
  const ctxVsTsWall = speedup(wall.oursContext, wall.peerTs);
  const ctxVsTsWork = median(work_.ts!) / median(wall.oursContext);
  const workVsTs = speedup(wall.oursWorkTs, work_.ts!);
  const workVsPy = speedup(wall.oursWorkPy, work_.py!);
  const ctxMs = median(wall.oursContext);
  const inspectMs = median(wall.oursInspect);
  return [
    { name: 'CONTEXT text = Contexa TypeScript summary()', value: sameTs ? `byte-identical (${texts.peerTs!.length} chars)` : 'DIFFERENT', target: 'identical', ok: sameTs },
    { name: 'CONTEXT text = Contexa Python summary()', value: samePy ? `byte-identical (${texts.peerPy!.length} chars)` : 'DIFFERENT', target: 'identical', ok: samePy },
    { name: '`gcc-studio context`, process', value: describeMs(wall.oursContext), target: '≤ 400 ms', ok: ctxMs <= 400 },
    { name: '`gcc-studio inspect`, process', value: describeMs(wall.oursInspect), target: '≤ 400 ms', ok: inspectMs <= 400 },
    { name: 'peer: Contexa TypeScript (tsx), process', value: describeMs(wall.peerTs) },
    { name: 'peer: Contexa TypeScript, load+context+summary', value: describeMs(work_.ts!) },
    { name: 'peer: Contexa Python, process', value: describeMs(wall.peerPy) },
    { name: 'peer: Contexa Python, load+context+summary', value: describeMs(work_.py!) },
    {
      name: 'context process vs Contexa TS',
      value: `${times(ctxVsTsWork)} its in-process work alone, ${times(ctxVsTsWall)} its process (medians)`,
      target: '≥ 5× (judged on the in-process work, the stricter)',
      ok: ctxVsTsWork >= 5,
    },
    { name: 'ours, load+context in-process (TS dialect)', value: describeMs(wall.oursWorkTs) },
    { name: 'ours, load+context in-process (Python dialect)', value: describeMs(wall.oursWorkPy) },
    { name: 'parse+CONTEXT vs Contexa TS, in-process', value: `${times(workVsTs)} (CPU time: ${times(speedup(cpu.oursTs!, cpu.ts!))})`, target: '≥ 10×', ok: workVsTs >= 10 },
    { name: 'parse+CONTEXT vs Contexa Python, in-process', value: `${times(workVsPy)} (CPU time: ${times(speedup(cpu.oursPy!, cpu.py!))})`, target: '≥ 10×', ok: workVsPy >= 10 },
    {
      name: 'CPU of load+context (ours TS, ours Py / TS / Python)',
      value: `${median(cpu.oursTs!).toFixed(0)}, ${median(cpu.oursPy!).toFixed(0)} / ${median(cpu.ts!).toFixed(0)} / ${median(cpu.py!).toFixed(0)} ms (medians; all threads)`,
    },
    {
      name: 'peak RSS of the process (ours / TS / Python)',
      value: `${mb(median(rss.ours!))} / ${mb(median(rss.ts!))} / ${mb(median(rss.py!))}, log.md ${mb(work.bytes)}`,
    },
  ];
}
