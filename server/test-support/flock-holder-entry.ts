// A process that takes the flock protocol through withWorkspaceLock and holds it until it is killed.
// usage: node --import tsx flock-holder-entry.ts GCC_DIR — prints `held` once it holds the lock.
import { withWorkspaceLock } from '../write/workspace-lock.ts';

const [gccDir] = process.argv.slice(2);
if (!gccDir) {
  process.stderr.write('usage: flock-holder-entry.ts GCC_DIR\n');
  process.exit(2);
}
await withWorkspaceLock(gccDir, 'python', async () => {
  process.stdout.write('held\n');
  // Nothing else keeps this process alive (the lock's holder lets it end when idle): until it is killed.
  setInterval(() => {}, 60_000);
  await new Promise(() => {});
});
