// Entry of the locked burst writer process (see locked-burst.ts).
// usage: node --import tsx server/demo/locked-burst-writer.ts GCC_DIR BRANCH COUNT RATE FIRST_STEP COMMIT_EVERY [count|until-stopped]
import { runLockedBurst } from './locked-burst.ts';

const [gccDir, branch, count, rate, firstStep, commitEvery, mode = 'count'] = process.argv.slice(2);
if (!gccDir || !branch || !(Number(count) > 0) || !(Number(rate) > 0) || !(Number(firstStep) > 0) || !(Number(commitEvery) > 0)) {
  console.error('usage: locked-burst-writer.ts GCC_DIR BRANCH COUNT RATE FIRST_STEP COMMIT_EVERY [count|until-stopped]');
  process.exit(2);
}
let stopRequested = false;
process.on('message', (m: unknown) => {
  if ((m as { type?: string }).type === 'stop') stopRequested = true;
});
const untilStopped = mode === 'until-stopped';
const result = await runLockedBurst(gccDir, branch, Number(count), Number(rate), { firstStep: Number(firstStep), commitEvery: Number(commitEvery), untilStopped }, () => stopRequested);
process.removeAllListeners('message');
process.send?.({ type: 'done', result }, () => process.exit(0));
if (!process.send) process.exit(0);
