// File-system faults on edits, merges and the roadmap's read, made real where this machine allows it and injected
// otherwise: each must be refused plainly, with nothing lost.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errnoError, injectFaults, type FaultOp } from '../server/fs/file-faults.ts';
import { currentLocks } from '../server/write/recovery.ts';
import { startAttackStudio, type AttackStudio, type StudioOptions } from './studio.ts';
import type { AttackPart } from './types.ts';

const isRoot = process.getuid?.() === 0;

interface Edit {
  file: string;
  send(studio: AttackStudio, text: string): Promise<{ status: number; text: string }>;
}

const body = (method: string, b: unknown) => ({ method, body: JSON.stringify(b) });
const getJson = async <T>(studio: AttackStudio, path: string) => JSON.parse((await studio.request(path)).text) as T;

const EDITS: Edit[] = [
  {
    file: 'branches/main/commit.md',
    async send(studio, text) {
      const c = (await getJson<{ commits: { commitId: string; version: string }[] }>(studio, '/api/branches/main')).commits[0]!;
      return studio.request('/api/branches/main/commits/0', body('PATCH', { commitId: c.commitId, version: c.version, fields: { thisCommitContribution: text } }));
    },
  },
  {
    file: 'branches/main/log.md',
    async send(studio, text) {
      const s = (await getJson<{ steps: { step: number; version: string }[] }>(studio, '/api/branches/main/steps?from=0&limit=1')).steps[0]!;
      return studio.request('/api/branches/main/steps/0', body('PATCH', { step: s.step, version: s.version, fields: { thought: text } }));
    },
  },
  {
    file: 'branches/main/metadata.yaml',
    async send(studio, text) {
      const b = (await getJson<{ branch: { metadataVersion: string } }>(studio, '/api/branches/main')).branch;
      return studio.request('/api/branches/main/metadata', body('PATCH', { version: b.metadataVersion, fields: { purpose: text } }));
    },
  },
  {
    file: 'main.md',
    async send(studio, text) {
      // GET /api/roadmap is under test too: when it is refused, that answer is the one judged.
      const got = await studio.request('/api/roadmap');
      if (got.status !== 200) return got;
      const parts = (JSON.parse(got.text) as { parts: { version: string }[] }).parts;
      return studio.request('/api/roadmap/parts/0', body('PUT', { version: parts[0]?.version ?? 'v0', text }));
    },
  },
];

const bytesOf = (studio: AttackStudio, rel: string) => {
  const path = join(studio.project, '.GCC', rel);
  return statSync(path).isFile() ? readFileSync(path, 'hex') : 'a folder';
};
const modeOf = (studio: AttackStudio, rel: string) => statSync(join(studio.project, '.GCC', rel)).mode;

function tempsLeft(studio: AttackStudio): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.tmp')) out.push(e.name);
    }
  };
  walk(join(studio.project, '.GCC'));
  return out;
}

/** One refused write: the answer's status and words, the file untouched, no temp file. */
function judge(name: string, res: { status: number; text: string }, want: { status: number; words: RegExp; file: string }, unchanged: boolean, leftovers: string[]): string | null {
  const problems: string[] = [];
  if (res.status !== want.status) problems.push(`answered ${res.status}, not ${want.status}`);
  if (!want.words.test(res.text) || !res.text.includes(want.file)) problems.push(`the answer does not say what happened to ${want.file}: ${res.text.slice(0, 200)}`);
  if (/internal error/.test(res.text)) problems.push('answered "internal error"');
  if (!unchanged) problems.push(`${want.file} changed`);
  if (leftovers.length) problems.push(`left behind: ${leftovers.join(', ')}`);
  return problems.length ? `${name}: ${problems.join('; ')}` : null;
}

interface FaultCase {
  name: string;
  edit: Edit;
  /** Makes the fault real (returns true) or says it cannot here (false: the seam is used instead). */
  real?(studio: AttackStudio): boolean;
  inject?: { op: FaultOp; code: string };
  want: { status: number; words: RegExp };
  /** Default python (a flock workspace); lua takes a lock folder, whose owner record needs room too. */
  corpus?: string;
  options?: StudioOptions;
  undo?(studio: AttackStudio): void;
}

async function runCase(c: FaultCase): Promise<string | null> {
  const studio = await startAttackStudio(c.corpus ?? 'python', c.options ?? {});
  let removeHook = () => {};
  try {
    const bytesBefore = bytesOf(studio, c.edit.file);
    const isReal = c.real?.(studio) ?? false;
    if (!isReal && c.inject) {
      const { op, code } = c.inject;
      removeHook = injectFaults((at, p) => (at === op && p.endsWith(c.edit.file) ? { error: errnoError(code, op, p), writeFirst: 16 } : null));
    }
    const modeBefore = modeOf(studio, c.edit.file);
    const res = await c.edit.send(studio, `changed under a fault (${c.name})`);
    removeHook();
    const modeAfter = modeOf(studio, c.edit.file);
    c.undo?.(studio);
    // A folder put where the file was stays a folder; otherwise the bytes are compared once it is readable again.
    const same = modeAfter === modeBefore && (bytesBefore === bytesOf(studio, c.edit.file) || bytesOf(studio, c.edit.file) === 'a folder');
    const locks = (await currentLocks(join(studio.project, '.GCC'))).map((h) => `.GCC/${h.name}`);
    return judge(`${c.name}${isReal ? '' : ' (injected)'}`, res, { ...c.want, file: c.edit.file }, same, [...tempsLeft(studio), ...locks]);
  } finally {
    removeHook();
    c.undo?.(studio);
    await studio.stop();
  }
}

function chattr(flag: '+i' | '-i', path: string): boolean {
  try {
    execFileSync('chattr', [flag, path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const CASES: FaultCase[] = [
  ...EDITS.map((edit): FaultCase => ({ name: `${edit.file} is read-only (chmod 444${isRoot ? ', as root' : ''})`, edit, real: (s) => (chmodSync(join(s.project, '.GCC', edit.file), 0o444), true), want: { status: 409, words: /read-only \(mode 0444\)/ } })),
  {
    name: 'main.md is a folder (EISDIR)',
    edit: EDITS[3]!,
    real: (s) => (rmSync(join(s.project, '.GCC/main.md')), mkdirSync(join(s.project, '.GCC/main.md')), true),
    want: { status: 409, words: /is a folder, not a file/ },
  },
  {
    name: 'main.md cannot be read (EACCES)',
    edit: EDITS[3]!,
    real: (s) => !isRoot && (chmodSync(join(s.project, '.GCC/main.md'), 0o000), true),
    inject: { op: 'read', code: 'EACCES' },
    want: { status: 409, words: /permission denied \(EACCES\)/ },
    undo: (s) => chmodSync(join(s.project, '.GCC/main.md'), 0o644),
  },
  {
    name: "the branch folder may not be written (EACCES)",
    edit: EDITS[0]!,
    real: (s) => !isRoot && (chmodSync(join(s.project, '.GCC/branches/main'), 0o555), true),
    inject: { op: 'write', code: 'EACCES' },
    want: { status: 409, words: /permission denied \(EACCES\)/ },
    undo: (s) => chmodSync(join(s.project, '.GCC/branches/main'), 0o755),
  },
  {
    name: 'commit.md is immutable (EPERM)',
    edit: EDITS[0]!,
    real: (s) => isRoot && chattr('+i', join(s.project, '.GCC/branches/main/commit.md')),
    inject: { op: 'rename', code: 'EPERM' },
    want: { status: 409, words: /operation not permitted \(EPERM/ },
    undo: (s) => void chattr('-i', join(s.project, '.GCC/branches/main/commit.md')),
  },
  {
    name: 'the disk is full (ENOSPC)',
    edit: EDITS[1]!,
    inject: { op: 'write', code: 'ENOSPC' },
    want: { status: 507, words: /no space left on the disk \(ENOSPC\)/ },
  },
];

/** A real full disk: a 2 MiB tmpfs filled to the last byte, where mounting is allowed (root, no container limits). */
async function fullTmpfs(corpus: string): Promise<string | null> {
  const mount = mkdtempSync(join(tmpdir(), 'gcc-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount], { stdio: 'ignore' });
  } catch {
    rmSync(mount, { recursive: true, force: true });
    return null;
  }
  const c: FaultCase = {
    name: `the disk is full (ENOSPC, a real tmpfs, ${corpus})`,
    edit: EDITS[1]!,
    corpus,
    options: { under: mount },
    real: (s) => {
      const filler = join(s.root, 'filler');
      try {
        for (;;) writeFileSync(filler, Buffer.alloc(4096, 120), { flag: 'a' });
      } catch {
        return true;
      }
    },
    want: { status: 507, words: /no space left on the disk \(ENOSPC\)/ },
  };
  try {
    return (await runCase(c)) ?? '';
  } finally {
    execFileSync('umount', [mount], { stdio: 'ignore' });
    rmSync(mount, { recursive: true, force: true });
  }
}

/**
 * Read-only files (also as root), a folder where a file should be, permission denied, an immutable file, a full disk:
 * chmod as a user, chattr +i as root, a small tmpfs for the full disk, else injected at our own file operation
 * (server/fs/file-faults.ts). Held means: a 4xx/507 answer that names the file and says what happened (never "internal
 * error"), the file's bytes and mode unchanged, no temp file or lock left.
 */
export const diskFaultPart: AttackPart = {
  kind: 'fault',
  name: 'read-only files, permission and folder errors, a full disk (edits, roadmap)',
  async run() {
    const failures: string[] = [];
    for (const c of CASES) {
      const problem = await runCase(c);
      if (problem) failures.push(problem);
    }
    let tried = CASES.length;
    for (const corpus of ['python', 'lua']) {
      const real = await fullTmpfs(corpus);
      if (real !== null) tried++;
      if (real) failures.push(real);
    }
    return { tried, failures };
  },
};
