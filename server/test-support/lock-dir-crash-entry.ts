// A process that takes Lua's lock (.GCC/.lock_dir) and is SIGKILLed right after the mkdir, before its record is inside.
// usage: node --import tsx lock-dir-crash-entry.ts GCC_DIR
import { injectFaults } from '../fs/file-faults.ts';
import { withWorkspaceLock } from '../write/workspace-lock.ts';

const [gccDir] = process.argv.slice(2);
if (!gccDir) {
  process.stderr.write('usage: lock-dir-crash-entry.ts GCC_DIR\n');
  process.exit(2);
}
injectFaults((op) => (op === 'lock-dir-made' ? { kill: true } : null));
await withWorkspaceLock(gccDir, 'lua', async () => {});
process.stderr.write('the lock was taken without the planned kill\n');
process.exit(1);
