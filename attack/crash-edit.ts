// A crash mid-edit, and locks left by writers that died: nothing may be lost, and the next edit saves at once.
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCrashingServer, type CrashPoint } from '../server/test-support/crashing.ts';
import { OWNER_FILE } from '../server/write/lock-owner.ts';
import { startAttackStudio, studioRequest, type AttackStudio } from './studio.ts';
import type { AttackPart } from './types.ts';

const FILE = 'branches/main/commit.md';

interface Versioned {
  commits: { commitId: string; version: string; thisCommitContribution: string }[];
}

async function editCommit(send: (path: string, init: { method: string; body: string }) => Promise<{ status: number; text: string }>, get: () => Promise<Versioned>, text: string) {
  const c = (await get()).commits[0]!;
  return send('/api/branches/main/commits/0', { method: 'PATCH', body: JSON.stringify({ commitId: c.commitId, version: c.version, fields: { thisCommitContribution: text } }) });
}

const studioEdit = (studio: AttackStudio, text: string) =>
  editCommit((p, i) => studio.request(p, i), async () => JSON.parse((await studio.request('/api/branches/main')).text) as Versioned, text);

const tempsIn = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

/** Where the server is killed: holding the lock before its rename, or (Lua) between the mkdir and its record inside. */
const MID_EDIT: CrashPoint = { op: 'rename', pathEndsWith: FILE };
const BEFORE_LOCK_RECORD: CrashPoint = { op: 'lock-dir-made', pathEndsWith: '.lock_dir' };

/** Kills a server mid-edit on `corpus`, restarts, edits again; returns what did not hold. */
async function crashMidEdit(corpus: string, lockName: string, at: CrashPoint = MID_EDIT): Promise<string[]> {
  const failures: string[] = [];
  const studio = await startAttackStudio(corpus, { noServer: true });
  const where = `${corpus}: killed ${at === MID_EDIT ? 'mid-edit' : 'before its record was in the lock'}`;
  try {
    const before = readFileSync(join(studio.project, '.GCC', FILE));
    const crashing = await startCrashingServer(studio.project, studio.token, at);
    const get = async () => JSON.parse((await studioRequest(crashing.port, studio.token, '/api/branches/main')).text) as Versioned;
    await editCommit((p, i) => studioRequest(crashing.port, studio.token, p, i), get, 'the edit that was killed').catch(() => null);
    if ((await crashing.exited) !== 'SIGKILL') failures.push(`${where}: the server was not killed at ${at.op}`);
    const gccDir = join(studio.project, '.GCC');
    if (!existsSync(join(gccDir, lockName))) failures.push(`${where}: the crash left no ${lockName} (nothing was tested)`);
    const warnings = await studio.restart();
    if (!warnings.some((w) => w.includes('removed a stale lock of ours'))) failures.push(`${where}: the restart did not say it removed our stale lock: ${warnings.join(' | ')}`);
    if (existsSync(join(gccDir, lockName))) failures.push(`${where}: ${lockName} is still there after the restart`);
    // Temp files no reader opens are removed once the server has answered (at most a few seconds after its start).
    const tempsGone = Date.now() + 5000;
    while (tempsIn(join(gccDir, 'branches/main')).length && Date.now() < tempsGone) await new Promise((r) => setTimeout(r, 50));
    if (tempsIn(join(gccDir, 'branches/main')).length) failures.push(`${where}: temp files left: ${tempsIn(join(gccDir, 'branches/main')).join(', ')}`);
    if (!readFileSync(join(gccDir, FILE)).equals(before)) failures.push(`${where}: ${FILE} changed by the killed edit`);
    const started = Date.now();
    const res = await studioEdit(studio, 'saved after the restart');
    if (res.status !== 200) failures.push(`${where}: the next edit answered ${res.status}: ${res.text.slice(0, 200)}`);
    if (Date.now() - started > 3000) failures.push(`${where}: the next edit took ${Date.now() - started} ms`);
  } finally {
    await studio.stop();
  }
  return failures;
}

/** A Lua lock folder with no owner, older than any write takes: a plain 503 at once, nothing written. */
async function unknownOwner(): Promise<string[]> {
  const failures: string[] = [];
  const studio = await startAttackStudio('lua', {
    prepare: ({ gccDir }) => {
      mkdirSync(join(gccDir, '.lock_dir'));
      const old = new Date(Date.now() - 5 * 60_000);
      utimesSync(join(gccDir, '.lock_dir'), old, old);
    },
  });
  try {
    if (!studio.warnings.some((w) => w.includes('names no owner'))) failures.push(`no-owner lock: the start-up lines do not mention it: ${studio.warnings.join(' | ')}`);
    const before = studio.snapshot();
    const started = Date.now();
    const res = await studioEdit(studio, 'blocked by a dead Lua writer');
    if (res.status !== 503 || !/names no owner/.test(res.text) || !/rmdir \.GCC\/\.lock_dir/.test(res.text)) failures.push(`no-owner lock: answered ${res.status}: ${res.text.slice(0, 200)}`);
    if (Date.now() - started > 3000) failures.push(`no-owner lock: the answer took ${Date.now() - started} ms`);
    if (!existsSync(join(studio.project, '.GCC/.lock_dir'))) failures.push('no-owner lock: a lock we cannot attribute was removed');
    if ([...studio.snapshot()].some(([f, h]) => before.get(f) !== h && !f.includes('.gcc-studio'))) failures.push('no-owner lock: files changed');
  } finally {
    await studio.stop();
  }
  return failures;
}

/** A stale lock folder of ours found while running (a dead pid in its record): removed on the spot, the edit saved. */
async function staleFoundRunning(): Promise<string[]> {
  const studio = await startAttackStudio('lua');
  try {
    const dir = join(studio.project, '.GCC/.lock_dir');
    mkdirSync(dir);
    writeFileSync(join(dir, OWNER_FILE), JSON.stringify({ by: 'gcc-studio', pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), boot: null, start: null, at: new Date().toISOString() }));
    const res = await studioEdit(studio, 'saved over a dead gcc-studio lock');
    return res.status === 200 && !existsSync(dir) ? [] : [`stale lock of ours while running: answered ${res.status}, .lock_dir ${existsSync(dir) ? 'still there' : 'gone'}: ${res.text.slice(0, 160)}`];
  } finally {
    await studio.stop();
  }
}

/** A live Lua writer holding .lock_dir briefly: the edit waits for it, then saves. */
async function liveHolder(): Promise<string[]> {
  const studio = await startAttackStudio('lua');
  try {
    const dir = join(studio.project, '.GCC/.lock_dir');
    mkdirSync(dir);
    const released = new Promise<void>((resolve) => setTimeout(() => resolve((async () => (await import('node:fs/promises')).rmdir(dir))()), 300));
    const started = Date.now();
    const res = await studioEdit(studio, 'after the Lua writer');
    await released;
    return res.status === 200 && Date.now() - started >= 250 ? [] : [`live Lua holder: answered ${res.status} after ${Date.now() - started} ms (must wait for it)`];
  } finally {
    await studio.stop();
  }
}

/**
 * A real server in its own process is SIGKILLed while it holds the workspace's lock (after writing its temp file,
 * before the rename), on a Lua workspace (.lock_dir) and a TypeScript one (.lock). Held means: the file is as before
 * the crash, the next server removes our stale lock and temp file at start and says so, and the next edit is saved at
 * once (not after 10 s, never 503). On Lua also killed between `mkdir .lock_dir` and its record inside: the intent it
 * recorded first (lock-intent.ts) names the folder as ours. Also: a lock folder that names no owner gets a plain answer at once; a stale lock
 * of ours found by a running server is removed on the spot; a live Lua holder is still waited for.
 */
export const crashEditPart: AttackPart = {
  kind: 'fault',
  name: 'a crash mid-edit (SIGKILL holding the lock) and stale locks',
  async run() {
    const results = [
      await crashMidEdit('lua', '.lock_dir'),
      await crashMidEdit('lua', '.lock_dir', BEFORE_LOCK_RECORD),
      await crashMidEdit('typescript', '.lock'), await unknownOwner(), await staleFoundRunning(), await liveHolder()];
    // One line per case that did not hold.
    return { tried: results.length, failures: results.filter((r) => r.length > 0).map((r) => r.join('; ')) };
  },
};
