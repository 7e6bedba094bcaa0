#!/usr/bin/env node
// npm pack's prepack / postpack: the packed package.json without the `prepare` script (pinst's approach), which npm 11
// would otherwise list as an install script and warn every user about.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// `prepare` builds a fresh clone on `npm ci`; an installed package is already built. before: builds first when dist/ is
// missing or older than a source file, keeps the manifest as package.json.prepack, and writes it without
// scripts.prepare. after: puts the kept manifest back byte for byte.
const ROOT = resolve(import.meta.dirname, '..');
const MANIFEST = join(ROOT, 'package.json');
const KEPT = join(ROOT, 'package.json.prepack');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  // The code cache is the build's last output.
  const built = join(ROOT, 'dist', 'bundle', 'main.cjs.cache');
  const sources = Math.max(...['server', 'shared', 'web'].map((d) => newestMtime(join(ROOT, d))));
  if (existsSync(built) && existsSync(join(ROOT, 'dist', 'web', 'index.html')) && statSync(built).mtimeMs >= sources) return;
  const run = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const step = process.argv[2];
if (step === 'before') {
  // A pack that failed half way left the kept manifest: it is the real one.
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
  buildIfStale();
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  writeFileSync(KEPT, text);
  delete manifest.scripts.prepare;
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (step === 'after') {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
} else {
  console.error('usage: pack-manifest.mjs before|after');
  process.exit(2);
}
