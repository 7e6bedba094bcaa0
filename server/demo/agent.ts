// The simulated agent: a separate process (like a real agent) that keeps writing to a .GCC/ in Python's format.
// usage: node --import tsx server/demo/agent.ts GCC_DIR SEED_EXPECTED_JSON [--interval-ms N]
// The interval is jittered between N and 2N so the page sees an irregular rhythm, like a real agent's.
import { readFileSync } from 'node:fs';
import { PythonGccWriter, writerStateFromExpected } from './python-writer.ts';
import { story } from './story.ts';

function main(argv: string[]): void {
  const [gccDir, seedPath] = argv;
  if (!gccDir || !seedPath) {
    console.error('usage: agent.ts GCC_DIR SEED_EXPECTED_JSON [--interval-ms N]');
    process.exit(2);
  }
  const at = argv.indexOf('--interval-ms');
  const interval = at >= 0 ? Number(argv[at + 1]) : 1000;
  const writer = new PythonGccWriter(gccDir, writerStateFromExpected(JSON.parse(readFileSync(seedPath, 'utf8'))));
  const ops = story();
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    try {
      const done = ops.next().value!(writer);
      process.send?.({ type: 'op', op: done });
    } catch (err) {
      // The workspace was deleted or damaged under us: keep going, the user may put it back.
      process.send?.({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
    timer = setTimeout(tick, interval * (1 + Math.random()));
  };
  timer = setTimeout(tick, interval / 2);
  const stop = () => {
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Die with the server: when the IPC channel closes, nobody is watching any more.
  process.on('disconnect', stop);
}

main(process.argv.slice(2));
