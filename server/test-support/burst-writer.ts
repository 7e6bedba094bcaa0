// Entry of the burst writer process (see burst.ts).
// usage: node --import tsx server/test-support/burst-writer.ts GCC_DIR BRANCH COUNT RATE [FIRST_STEP]
import { runBurst } from './burst.ts';

const [gccDir, branch, count, rate, firstStep] = process.argv.slice(2);
if (!gccDir || !branch || !(Number(count) > 0) || !(Number(rate) > 0)) {
  console.error('usage: burst-writer.ts GCC_DIR BRANCH COUNT RATE [FIRST_STEP]');
  process.exit(2);
}
const written = await runBurst(gccDir, branch, Number(count), Number(rate), Number(firstStep ?? 1));
process.send?.({ type: 'done', written }, () => process.exit(0));
if (!process.send) process.exit(0);
