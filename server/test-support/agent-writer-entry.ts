// A process writing steps through the agent layer with a store of its own, as an MCP stdio server does beside others.
// usage: node --import tsx agent-writer-entry.ts GCC_DIR BRANCH COUNT TAG — writes observations `TAG i`, then sends
// the step numbers it was given.
import { dirname } from 'node:path';
import { createEventBus } from '../live/event-bus.ts';
import { createStore } from '../live/store.ts';
import { createMemoryWriter } from '../write/agent-writes.ts';

const [gccDir, branch, count, tag] = process.argv.slice(2);
if (!gccDir || !branch || !(Number(count) > 0) || !tag) {
  console.error('usage: agent-writer-entry.ts GCC_DIR BRANCH COUNT TAG');
  process.exit(2);
}
const store = createStore({ gccDir, root: dirname(gccDir), readOnly: false, bus: createEventBus() });
await store.load();
const writer = createMemoryWriter({ gccDir, store, readOnly: false, lockTimeoutMs: 60_000 });
const steps: number[] = [];
for (let i = 1; i <= Number(count); i++) {
  steps.push((await writer.log({ branch, observation: `${tag} ${i}`, thought: 'concurrent', action: 'append' }, tag)).step);
}
process.send?.({ type: 'done', steps }, () => process.exit(0));
if (!process.send) process.exit(0);
