// gcc-studio's compiled server, in a process that also answers the bench over IPC: `memory` (after a full GC) and
// `streams` (the backlog figures since last asked). argv: PROJECT_DIR.
const { startServer } = await import(new URL('../../dist/server/http/serve.js', import.meta.url).href);
const running = await startServer({ dir: process.argv[2], port: 0, open: false, token: process.env.GCC_STUDIO_TOKEN, warn: (l) => process.stderr.write(`${l}\n`) });
process.on('message', (m) => {
  if (m === 'memory') {
    globalThis.gc?.();
    process.send?.({ memory: process.memoryUsage() });
  } else if (m === 'streams') {
    process.send?.({ streams: running.streams.take() });
  }
});
process.on('SIGTERM', () => process.exit(0));
