// The live bench's agent, its own process: appends steps at a set rate in the TypeScript writer's bytes, each stamped with
// its number and write time (`seq=<step> t=<ms>`). argv: LOG_PATH FIRST_STEP COUNT RATE.
import { appendFileSync } from 'node:fs';

// One appendFileSync per step, as Contexa does; the stamp is unique across runs, so a late frame of an earlier run is
// not taken for one of this run.
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
