// `npm run attack [-- --quick]`: every attack, fault and fuzz part under attack/, run one after the other, and a
// table of what was tried and what held. Each row must read "all"; the exit code is 1 when one does not.
import { parts } from './parts.ts';
import type { AttackKind, AttackOutcome } from './types.ts';

const HEADINGS: Record<AttackKind, [string, string]> = {
  attack: ['attacks tried', 'refused'],
  fault: ['faults injected', 'survived, nothing lost'],
  fuzz: ['fuzz inputs run', 'without failure'],
};

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const results: { kind: AttackKind; name: string; outcome: AttackOutcome }[] = [];
  for (const part of parts) {
    const started = performance.now();
    let outcome: AttackOutcome;
    try {
      outcome = await part.run({ quick });
    } catch (err) {
      outcome = { tried: 0, failures: [`the part itself failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`] };
    }
    results.push({ kind: part.kind, name: part.name, outcome });
    console.error(`  ${part.kind} · ${part.name}: ${outcome.tried} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const width = Math.max(20, ...results.map((r) => r.name.length));
  let allHeld = true;
  for (const kind of ['attack', 'fault', 'fuzz'] as const) {
    const rows = results.filter((r) => r.kind === kind);
    if (rows.length === 0) continue;
    const [tried, held] = HEADINGS[kind];
    console.log(`\n${'what'.padEnd(width)}  ${tried.padStart(16)}  ${held}`);
    for (const { name, outcome } of rows) {
      const ok = outcome.failures.length === 0 && outcome.tried > 0;
      allHeld &&= ok;
      const verdict = ok ? 'all' : `${outcome.tried - outcome.failures.length} of ${outcome.tried}`;
      console.log(`${name.padEnd(width)}  ${String(outcome.tried).padStart(16)}  ${verdict}`);
      for (const failure of outcome.failures.slice(0, 5)) console.log(`${''.padEnd(width)}  ${''.padStart(16)}  ✗ ${failure}`);
    }
  }
  console.log(allHeld ? '\nEvery row reads "all".' : '\nNOT every row reads "all".');
  if (!allHeld) process.exitCode = 1;
}

await main();
