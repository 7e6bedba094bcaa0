// Who holds a lock: our record, a gone process, another host; and what is removed.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeHolder, isStaleOfOurs, lockHolder, removeStaleLock } from './lock-holders.ts';
import { OWNER_FILE, ownRecord, ownerState, parseOwner } from './lock-owner.ts';

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const gcc = () => {
  const d = mkdtempSync(join(tmpdir(), 'gcc-holder-'));
  temps.push(d);
  return d;
};
/** A pid above the kernel's largest: no process can have it. */
const DEAD_PID = 2 ** 22 + 17;

describe('lock owners', () => {
  it('tells our running process from a gone one, a reused pid and another host', async () => {
    const me = await ownRecord();
    expect(parseOwner(JSON.stringify(me))).toEqual(me);
    expect(await ownerState(me)).toBe('alive');
    expect(await ownerState({ ...me, pid: DEAD_PID })).toBe('gone');
    // Our pid, but a process that started at another time: not us.
    if (me.start !== null) expect(await ownerState({ ...me, start: '1' })).toBe('gone');
    expect(await ownerState({ ...me, host: `${hostname()}-elsewhere` })).toBe('elsewhere');
    expect(parseOwner('')).toBeNull();
    expect(parseOwner('{"by":"someone"}')).toBeNull();
  });

  it('removes a stale lock folder of ours, and only describes one that names no owner', async () => {
    const dir = gcc();
    mkdirSync(join(dir, '.lock_dir'));
    writeFileSync(join(dir, '.lock_dir', OWNER_FILE), JSON.stringify({ ...(await ownRecord()), pid: DEAD_PID }));
    const stale = (await lockHolder(dir, '.lock_dir'))!;
    expect(isStaleOfOurs(stale)).toBe(true);
    expect(describeHolder(stale)).toMatch(/held by gcc-studio \(pid \d+, since .*\), which no longer runs/);
    expect(await removeStaleLock(dir, stale)).toBe(true);
    expect(await lockHolder(dir, '.lock_dir')).toBeNull();

    mkdirSync(join(dir, '.lock_dir'));
    const old = new Date(Date.now() - 180_000);
    utimesSync(join(dir, '.lock_dir'), old, old);
    const unknown = (await lockHolder(dir, '.lock_dir'))!;
    expect(isStaleOfOurs(unknown)).toBe(false);
    expect(await removeStaleLock(dir, unknown)).toBe(false);
    expect(describeHolder(unknown)).toBe(
      '.GCC/.lock_dir has been there for 3 min and names no owner: a Lua agent is writing, or one was killed while holding it. If no Lua agent is writing to this workspace, remove it (rmdir .GCC/.lock_dir) and try again',
    );
  });
});
