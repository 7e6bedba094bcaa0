// A real gcc-studio server in its own process that SIGKILLs itself at one chosen file operation (fs/file-faults.ts).
// usage: node --import tsx server/test-support/crash-server-entry.ts PROJECT_DIR TOKEN OP PATH_SUFFIX [WRITE_FIRST]
// Prints one JSON line {"port": N} once it listens.
import { injectFaults, type FaultOp } from '../fs/file-faults.ts';
import { startServer } from '../http/serve.ts';

const [project, token, op, suffix, writeFirst] = process.argv.slice(2);
if (!project || !token || !op || !suffix) {
  process.stderr.write('usage: crash-server-entry.ts PROJECT_DIR TOKEN OP PATH_SUFFIX [WRITE_FIRST]\n');
  process.exit(2);
}
injectFaults((at: FaultOp, path: string) => (at === op && path.endsWith(suffix) ? { kill: true, writeFirst: Number(writeFirst ?? 0) } : null));
const server = await startServer({ dir: project, port: 0, token, open: false, log: () => {}, warn: (line) => process.stderr.write(`${line}\n`) });
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
