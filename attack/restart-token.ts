// The token kept across restarts, attacked where it lives: a planted token file must never become the server's token.
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS } from '../fixtures/corpus.ts';
import { startServer, type RunningServer } from '../server/http/serve.ts';
import { tokenFileFor } from '../server/http/token-store.ts';
import { changedFiles, studioRequest } from './studio.ts';
import type { AttackPart } from './types.ts';

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(p, createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

const PLANTED = 'planted-token-known-to-the-attacker';

/**
 * A restart must keep the token (pages left open work on); after --new-token the old one is refused, and says why; a
 * planted file (readable by others, a link to a file they wrote, one naming another workspace, damaged) is never used;
 * the file is private (0600 in a 0700 folder) and nothing is written in .GCC/.
 */
export const restartTokenPart: AttackPart = {
  kind: 'attack',
  name: 'the kept token across restarts (old token, planted token files)',
  async run() {
    const root = mkdtempSync(join(tmpdir(), 'gcc-attack-token-'));
    const project = join(root, 'project');
    const gccDir = join(project, '.GCC');
    const runtimeDir = join(root, 'runtime');
    cpSync(join(CORPUS, 'python', '.GCC'), gccDir, { recursive: true });
    const failures: string[] = [];
    let tried = 0;
    const running: { server: RunningServer | null } = { server: null };
    const start = async (fresh = false) => {
      await running.server?.close();
      running.server = await startServer({ dir: project, port: 0, open: false, tokenStore: { runtimeDir, fresh }, log: () => {}, warn: () => {} });
      return running.server;
    };
    const status = async (s: RunningServer, token: string) => (await studioRequest(s.port, token, '/api/workspace')).status;
    try {
      const before = snapshot(gccDir);
      const first = await start();
      const file = tokenFileFor(runtimeDir, first.gccDir);
      tried++;
      const again = await start();
      if (again.token !== first.token || (await status(again, first.token)) !== 200) failures.push('a restart did not keep the token');
      tried++;
      const mode = statSync(file).mode & 0o777;
      const folderMode = statSync(runtimeDir).mode & 0o777;
      if (mode !== 0o600 || folderMode !== 0o700) failures.push(`the token file is ${mode.toString(8)} in a ${folderMode.toString(8)} folder`);
      tried++;
      const renewed = await start(true);
      const old = await studioRequest(renewed.port, first.token, '/api/workspace');
      if (renewed.token === first.token || old.status !== 401 || !/"code":"token-wrong"/.test(old.text)) failures.push(`after --new-token the old token answered ${old.status}: ${old.text.slice(0, 100)}`);

      const plants: [string, () => void][] = [
        ['readable by others', () => (writeFileSync(file, JSON.stringify({ workspace: renewed.gccDir, token: PLANTED })), chmodSync(file, 0o644))],
        ['a link to the attacker\'s file', () => {
          const theirs = join(root, 'theirs.json');
          writeFileSync(theirs, JSON.stringify({ workspace: renewed.gccDir, token: PLANTED }), { mode: 0o600 });
          rmSync(file, { force: true });
          symlinkSync(theirs, file);
        }],
        ['naming another workspace', () => writeFileSync(file, JSON.stringify({ workspace: '/elsewhere/.GCC', token: PLANTED }), { mode: 0o600 })],
        ['damaged', () => writeFileSync(file, `{"workspace": ${JSON.stringify(renewed.gccDir)}, "token": "${PLANTED}"`, { mode: 0o600 })],
      ];
      for (const [what, plant] of plants) {
        tried++;
        await running.server?.close();
        running.server = null;
        rmSync(file, { force: true });
        plant();
        const s = await start();
        if (s.token === PLANTED || (await status(s, PLANTED)) !== 401) failures.push(`a token file ${what} became the server's token`);
        if ((statSync(file).mode & 0o777) !== 0o600) failures.push(`after a planted file ${what}, the token file is not 0600`);
      }
      tried++;
      const inGcc = changedFiles(before, snapshot(gccDir));
      if (inGcc.length) failures.push(`files changed in .GCC/: ${inGcc.join(', ')}`);
    } finally {
      await running.server?.close();
      rmSync(root, { recursive: true, force: true });
    }
    return { tried, failures };
  },
};
