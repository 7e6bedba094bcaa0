// The demo's simulated agent: a process of its own, like a real agent, writing the story in Python's format one
// operation a tick (jittered, so the page sees an irregular rhythm), until the story ends.
// usage (by demo.ts): agent GCC_DIR [--interval-ms N] [--remove-on-exit DIR]
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseMetadata } from '../../shared/gcc/read/metadata.ts';
import { BRANCHES_DIR, BRANCH_FILES } from '../../shared/gcc/read/paths.ts';
import { PythonGccWriter, type WriterState } from './python-writer.ts';
import { story } from './story.ts';

/** Whether the branch is still active in its metadata.yaml (merged or abandoned from the page, it is not). */
function activeOnDisk(gccDir: string, branch: string): boolean {
  const file = join(gccDir, BRANCHES_DIR, branch, BRANCH_FILES.metadata);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch {
    return false;
  }
  return parseMetadata(bytes, file).metadata?.status === 'active';
}

function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

function run(gccDir: string, state: WriterState, interval: number): () => void {
  const writer = new PythonGccWriter(gccDir, state);
  const ops = story();
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    const next = ops.next();
    if (next.done) {
      process.send?.({ type: 'settled' });
      return;
    }
    try {
      const op = next.value;
      const done = op.branch === null || activeOnDisk(gccDir, op.branch) ? op.run(writer) : `skip ${op.branch}: no longer active`;
      process.send?.({ type: 'op', op: done });
    } catch (err) {
      // The workspace was deleted or damaged under us: keep going, the user may put it back.
      process.send?.({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
    timer = setTimeout(tick, interval * (1 + Math.random()));
  };
  timer = setTimeout(tick, interval / 2);
  return () => clearTimeout(timer);
}

function main(argv: string[]): void {
  const [gccDir] = argv;
  if (!gccDir || !process.send) {
    console.error('usage: started by gcc-studio --demo (agent GCC_DIR [--interval-ms N] [--remove-on-exit DIR])');
    process.exit(2);
  }
  const interval = Number(option(argv, '--interval-ms') ?? 1000);
  const removeOnExit = option(argv, '--remove-on-exit');
  let cancel = () => {};
  process.once('message', (message: unknown) => {
    const m = message as { type?: string; state?: WriterState };
    if (m.type === 'state' && m.state) cancel = run(gccDir, m.state, interval);
  });
  const stop = () => {
    cancel();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The server went away without stopping us (killed, crashed): nobody is watching, and nobody else will remove
  // the demo's temp folder.
  const orphaned = () => {
    cancel();
    if (removeOnExit) rmSync(removeOnExit, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('disconnect', orphaned);
  // Killed while this process was still starting: the channel closed before anyone listened.
  if (!process.connected) orphaned();
}

main(process.argv.slice(2));
