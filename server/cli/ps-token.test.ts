// A `--token` on the command line is hidden from `ps` once the server runs (process.title rewrites argv): read from
// outside the real process, as another user would, in /proc/PID/cmdline.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../fixtures/corpus.ts';

const ENTRY = join(import.meta.dirname, '..', 'test-support', 'cli-entry.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

describe.runIf(existsSync('/proc/self/cmdline'))('--token in ps', () => {
  it('shows as *** in the running server’s command line', async () => {
    const token = 'ps-visible-token-4242';
    const child = spawn(process.execPath, ['--import', TSX, ENTRY, join(CORPUS, 'python'), '--no-open', '--port', '0', '--token', token], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GCC_STUDIO_TOKEN: '' },
    });
    try {
      const url = await new Promise<string>((done, fail) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /http:\/\/\S+/.exec(out);
          if (m) done(m[0]);
        });
        child.once('exit', (code) => fail(new Error(`exited ${code}`)));
      });
      expect(url).toContain(token); // the printed URL still carries it: that line is for the user
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      expect(cmdline).toContain('--token ***');
      expect(cmdline).not.toContain(token);
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});
