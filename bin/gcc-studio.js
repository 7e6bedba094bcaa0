#!/usr/bin/env node
// The installed command: it runs the built server in dist/ (the start-up bundle, or tsc's output when only that was
// built), so nothing compiles TypeScript at run time.
import { existsSync } from 'node:fs';

const entry = [new URL('../dist/bundle/main.js', import.meta.url), new URL('../dist/server/cli/main.js', import.meta.url)].find((url) => existsSync(url));
if (!entry) {
  const root = new URL('..', import.meta.url).pathname;
  process.stderr.write(`gcc-studio: not built: run \`npm run build\` in ${root}\n`);
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
