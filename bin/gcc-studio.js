#!/usr/bin/env node
// The installed command: it runs the built server in dist/ (the start-up bundle with its code cache, or tsc's output
// when only that was built), so nothing compiles TypeScript at run time.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/bundle/main.cjs', import.meta.url));
const compiled = new URL('../dist/server/cli/main.js', import.meta.url);
let main;
if (existsSync(bundle)) {
  const { loadBundle } = await import(new URL('../dist/server/cli/code-cache.js', import.meta.url).href);
  ({ main } = loadBundle(bundle).exports);
} else if (existsSync(compiled)) {
  ({ main } = await import(compiled.href));
} else {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(`gcc-studio: not built: run \`npm run build\` in ${root}\n`);
  process.exit(2);
}
process.exitCode = await main(process.argv.slice(2));
