#!/usr/bin/env node
// The installed command. The sources are TypeScript run through tsx's loader, so there is no build step for the
// server (the page is built by `npm run build` into dist/web).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
