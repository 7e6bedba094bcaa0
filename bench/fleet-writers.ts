// The fleet bench's writer process: appends to several workspaces at once, like several agents on one machine.
// usage: node --import tsx bench/fleet-writers.ts COUNT RATE FIRST_STEP GCC_DIR…
import { runBurst } from '../server/test-support/burst.ts';

const [count, rate, firstStep, ...dirs] = process.argv.slice(2);
if (!(Number(count) > 0) || !(Number(rate) > 0) || dirs.length === 0) {
  console.error('usage: fleet-writers.ts COUNT RATE FIRST_STEP GCC_DIR…');
  process.exit(2);
}
const written = await Promise.all(dirs.map((d) => runBurst(d, 'main', Number(count), Number(rate), Number(firstStep))));
process.send?.({ type: 'done', written: written.reduce((a, b) => a + b, 0) }, () => process.exit(0));
if (!process.send) process.exit(0);
