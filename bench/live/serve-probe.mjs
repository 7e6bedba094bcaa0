// gcc-studio's server (the compiled one in dist/) started as the command does, in a process that also answers the
// bench's questions over IPC: `memory` → a full GC, then process.memoryUsage(); `streams` → the event streams'
// backlog figures since the last asking (their peaks, overflows), which restart from zero. argv: PROJECT_DIR.
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
