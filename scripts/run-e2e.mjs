#!/usr/bin/env node
// `npm run test:e2e`: build the page and the server (the specs start bin/gcc-studio.js, which runs dist/), then run
// Playwright with Debian's Chromium.
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- e2e/live.spec.ts`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  console.error(
    `run-e2e: ${CHROMIUM} is missing, so the browser tests cannot run.\n` +
      `Install Debian's Chromium (sudo apt-get install -y chromium) and run again.\n` +
      `These tests never download a browser (no \`npx playwright install\`).`,
  );
  process.exit(1);
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = (args) => spawnSync(npx, args, { stdio: 'inherit' }).status ?? 1;

if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { stdio: 'inherit' }).status ?? 1;
  if (built !== 0) process.exit(built);
}
process.exit(run(['playwright', 'test', ...process.argv.slice(2).filter((a) => a !== '--no-build')]));
