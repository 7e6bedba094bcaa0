// The agent of the live bench, its own process: appends COUNT steps to LOG_PATH at RATE per second in the
// TypeScript writer's bytes (one appendFileSync per step, as Contexa does), numbered from FIRST_STEP, each stamped
// with its step number and wall-clock write time in its observation (`seq=<step> t=<ms>`: unique across runs, so a
// late frame of an earlier run is not taken for one of this run). argv: LOG_PATH FIRST_STEP COUNT RATE.
import { appendFileSync } from 'node:fs';

const [logPath, first, count, rate] = process.argv.slice(2);
const total = Number(count);
const perSecond = Number(rate);
const wall = () => performance.timeOrigin + performance.now();
const start = wall();
let written = 0;
while (written < total) {
  // Catch up with the schedule, then yield: a steady rate without relying on 2 ms timers.
  const due = Math.min(total, Math.floor(((wall() - start) / 1000) * perSecond) + 1);
  while (written < due) {
    written += 1;
    const t = wall();
    const n = Number(first) + written - 1;
    appendFileSync(logPath, `### Step ${n} — ${new Date(t).toISOString()}\n**Observation:** seq=${n} t=${t.toFixed(3)}\n\n**Thought:** burst\n\n**Action:** append\n\n---\n`);
  }
  await new Promise((r) => setTimeout(r, 1));
}
process.stdout.write(`${JSON.stringify({ written })}\n`);
