// `npm run fuzz [-- --inputs N --workspaces M --seed S]`: the long fuzz pass. Prints what was run, every failure
// (replayable by its seed and index), and the cases the real readers could not read; exit 1 on any failure.
import { parseArgs } from 'node:util';
import { fuzzContexts, fuzzFormatCore } from './fuzz.ts';

const { values } = parseArgs({ options: { inputs: { type: 'string' }, workspaces: { type: 'string' }, seed: { type: 'string' } } });
const seed = Number(values.seed ?? Date.now() % 1_000_000);
const inputs = Number(values.inputs ?? 5_000);
const workspaces = Number(values.workspaces ?? 300);

const started = performance.now();
const core = fuzzFormatCore(inputs, seed);
console.log(`format core: ${core.tried} damaged files (seed ${seed}), ${core.failures.length} failures, ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (const f of core.failures.slice(0, 50)) console.log(`  ✗ ${f}`);

const t = performance.now();
const ctx = await fuzzContexts(workspaces, seed);
console.log(`CONTEXT vs the real readers: ${workspaces} damaged workspaces × 2 readers × K=1,2; ${ctx.compared} compared, ${ctx.mismatches.length} differ, ${((performance.now() - t) / 1000).toFixed(1)} s`);
for (const m of ctx.mismatches.slice(0, 50)) console.log(`  ✗ ${m}`);
// Which file was damaged, and whose workspace: where to look first.
const groups = new Map<string, number>();
for (const m of ctx.mismatches) {
  const [, source = '?', damage = ''] = /^#\d+ ([^:]+): (.*?) \((?:python|typescript), K=\d\)/.exec(m) ?? [];
  const files = [...damage.matchAll(/\.GCC\/(?:branches\/main\/)?([\w.]+)/g)].map((x) => x[1]).join('+');
  const key = `${files || '?'} damaged, in ${source}`;
  groups.set(key, (groups.get(key) ?? 0) + 1);
}
for (const [key, n] of [...groups].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)} differ: ${key}`);
console.log(`not compared: the real reader raised on ${ctx.raised.length}, read nothing on ${ctx.readNothing.length}`);
const reasons = new Map<string, number>();
for (const r of ctx.raised) {
  const why = r.replace(/^.*\(\w+, K=\d\): /, '').replace(/\s+/g, ' ').replace(/\d+/g, 'N').slice(0, 60);
  reasons.set(why, (reasons.get(why) ?? 0) + 1);
}
for (const [why, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)} × ${why}`);
if (core.failures.length || ctx.mismatches.length) process.exitCode = 1;
