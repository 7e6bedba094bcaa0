// gcc-studio's server (the compiled one in dist/) started as the command does, in a process that also answers the
// bench's memory questions over IPC: `memory` → a full GC, then process.memoryUsage(). argv: PROJECT_DIR.
const { startServer } = await import(new URL('../../dist/server/http/serve.js', import.meta.url).href);
await startServer({ dir: process.argv[2], port: 0, open: false, token: process.env.GCC_STUDIO_TOKEN, warn: (l) => process.stderr.write(`${l}\n`) });
process.on('message', (m) => {
  if (m !== 'memory') return;
  globalThis.gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
process.on('SIGTERM', () => process.exit(0));
