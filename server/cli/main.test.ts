// The one-shot commands end to end through main(): their output and their exit codes.
import { CORPUS as corpus } from '../../fixtures/corpus.ts';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, main } from './main.ts';
import type { InspectOutput } from './output.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { runRealPython } from '../test-support/real-contexa.ts';
import { OWNER_FILE, ownRecord } from '../write/lock-owner.ts';
import { defaultMergeIo, performMerge, type MergeIo } from '../write/merge.ts';


async function run(...argv: string[]) {
  const chunks: Buffer[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => chunks.push(Buffer.from(t)), err: (l) => err.push(l) }, {});
  const bytes = Buffer.concat(chunks);
  return { code, out: bytes.toString('utf8'), bytes, err };
}

describe('gcc-studio context', () => {
  for (const lang of ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'] as const) {
    for (const [branch, k] of [['main', 1], ['main', 2], ['auth-session', 1], ['auth-session', 2]] as const) {
      it(`prints ${lang}'s summary() bytes for ${branch} K=${k}`, async () => {
        const r = await run('context', join(corpus, lang), '--branch', branch, '--k', String(k), '--dialect', lang);
        expect(r.code).toBe(EXIT_OK);
        // Elixir's summary() holds bytes that are not UTF-8: compared as bytes.
        expect(r.bytes.equals(readFileSync(join(corpus, lang, `context-${branch}-k${k}.txt`)))).toBe(true);
        // Elixir's own log holds the bytes its merge wrote: the note says they are returned as they are.
        expect(r.err).toEqual(lang === 'elixir' && branch === 'main' ? [expect.stringContaining('Elixir reads and returns the bytes as they are')] : []);
      });
    }
  }

  it("exits 1 with one line on stderr when the implementation's context() raises (Python on non-UTF-8 bytes)", async () => {
    const r = await run('context', join(corpus, 'bad/non-utf8-log'), '--dialect', 'python');
    expect(r.code).toBe(EXIT_FINDINGS);
    expect(r.out).toBe('');
    expect(r.err).toEqual([
      "gcc-studio: Python's context() raises UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 390: invalid continuation byte (log.md); --lossless prints what gcc-studio reads instead",
    ]);
    const lossless = await run('context', join(corpus, 'bad/non-utf8-log'), '--dialect', 'python', '--lossless');
    expect(lossless.code).toBe(EXIT_OK);
    expect(lossless.out).toContain('## Recent OTA steps (9 total)');
    expect(lossless.err).toEqual([expect.stringContaining("not what Python's summary() returns")]);
  });

  it('says so when the implementation reads nothing (Rust reads a non-UTF-8 log as empty) and prints its text still', async () => {
    const r = await run('context', join(corpus, 'bad/non-utf8-log'), '--dialect', 'rust');
    expect(r.code).toBe(EXIT_OK);
    expect(r.out).not.toContain('## Recent OTA Steps');
    expect(r.err).toEqual([
      expect.stringContaining("log.md is not valid UTF-8 (byte 0xe9 at offset 390): Rust's read_to_string fails"),
      expect.stringContaining("Rust's parser reads no step from log.md"),
      expect.stringContaining('Rust reads nothing here that gcc-studio reads'),
    ]);
  });

  it("defaults to the branch's detected dialect", async () => {
    const r = await run('context', join(corpus, 'rust'), '--k', '2');
    expect(r.out).toBe(readFileSync(join(corpus, 'rust', 'context-main-k2.txt'), 'utf8'));
  });

  it('names the branches when the one asked for is missing (bad input: exit 2, as everywhere)', async () => {
    const r = await run('context', join(corpus, 'python'), '--branch', 'nope');
    expect(r.code).toBe(EXIT_USAGE);
    expect(r.err).toEqual(['gcc-studio: no branch "nope" (branches: auth-jwt, auth-session, main)']);
  });
});

describe('gcc-studio inspect --json', () => {
  it('prints roadmap, branches with metadata, dialect, commits and steps, and diagnostics', async () => {
    const r = await run('inspect', join(corpus, 'python'), '--json');
    expect(r.code).toBe(EXIT_OK);
    const parsed = JSON.parse(r.out) as InspectOutput;
    expect(parsed.roadmap.text).toBe(readFileSync(join(corpus, 'python/.GCC/main.md'), 'utf8'));
    expect(parsed.branches.map((b) => [b.name, b.dialect, b.status, b.commits.length, b.steps.length])).toEqual([
      ['auth-jwt', 'python', 'merged', 2, 3],
      ['auth-session', 'python', 'active', 1, 2],
      ['main', 'python', 'active', 3, 9],
    ]);
    const jwt = parsed.branches[0]!;
    expect(jwt).toMatchObject({ createdFrom: 'main', mergedInto: 'main', mergedAt: '2026-12-02T13:58:19.016408+00:00' });
    const main = parsed.branches[2]!;
    expect(main.steps.filter((s) => s.mergedFrom === 'auth-jwt').map((s) => s.step)).toEqual([1, 2, 3]);
    expect(main.commits[0]).toMatchObject({ commitId: 'c4a0a7ed', branchName: 'main', range: { start: expect.any(Number), end: expect.any(Number) } });
    expect(parsed.diagnostics).toEqual([]);
  });

  it('accepts the .GCC/ folder itself', async () => {
    const a = await run('inspect', join(corpus, 'go'), '--json');
    const b = await run('inspect', join(corpus, 'go/.GCC'), '--json');
    expect(b.out).toBe(a.out);
  });

  it('loads every damaged corpus case, reporting instead of failing', async () => {
    for (const name of ['duplicate-commit-id', 'invalid-yaml', 'missing-metadata', 'non-utf8-log', 'symlink-branch', 'truncated-log', 'truncated-log-mid-utf8', 'yaml-alias-bomb']) {
      const r = await run('inspect', join(corpus, 'bad', name), '--json');
      expect(r.code, name).toBe(EXIT_OK);
      const parsed = JSON.parse(r.out) as InspectOutput;
      expect(parsed.branches.map((b) => b.name), name).toEqual(['auth-jwt', 'auth-session', 'main']);
      expect(parsed.diagnostics.length, name).toBeGreaterThan(0);
    }
  });
});

describe('gcc-studio doctor', () => {
  it('exits 0 on a clean workspace and 1 when a problem is an error', async () => {
    expect((await run('doctor', join(corpus, 'python'))).code).toBe(EXIT_OK);
    const bad = await run('doctor', join(corpus, 'bad/symlink-branch'));
    expect(bad.code).toBe(EXIT_FINDINGS);
    expect(bad.out).toContain('.GCC/branches/evil');
    expect(bad.out).toContain('[symlinked-branch]');
  });

  it('lists what writers left: a merge cut short, a stale lock of ours, temp files, and values the readers misread', async () => {
    const { dir, gccDir } = tempCorpusCopy('edge/python');
    try {
      const io: MergeIo = {
        ...defaultMergeIo,
        append: async (path, data) => {
          if (path.endsWith('commit.md')) throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
          return defaultMergeIo.append(path, data);
        },
        truncate: async () => {
          throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
        },
      };
      const meta = join(gccDir, 'branches/flags/metadata.yaml');
      writeFileSync(meta, readFileSync(meta, 'utf8').replace('status: merged', 'status: active').replace("merged_into: main", 'merged_into: null'));
      const ctx = { gccDir, readOnly: false, io, dialectOf: () => 'python' as const };
      await expect(performMerge(ctx, { branch: 'flags', target: 'main' })).rejects.toThrow();
      mkdirSync(join(gccDir, '.lock_dir'));
      writeFileSync(join(gccDir, '.lock_dir', OWNER_FILE), JSON.stringify({ ...(await ownRecord()), pid: 2 ** 22 + 5 }));
      writeFileSync(join(gccDir, 'branches/main/.log.md.gcc-studio-4194309-0a1b2c3d.tmp'), 'half');
      const r = await run('doctor', dir);
      expect(r.code).toBe(EXIT_FINDINGS);
      expect(r.out).toMatch(/error   \.GCC\/branches\/main  The merge of `flags` into `main` started at .* did not finish: branches\/main\/log\.md written, branches\/main\/commit\.md not written.*\[partial-merge\]/);
      expect(r.out).toMatch(/warning \.GCC\/\.lock_dir  \.GCC\/\.lock_dir is held by gcc-studio \(pid 4194309, .*which no longer runs; gcc-studio removes it when it starts  \[stale-lock\]/);
      expect(r.out).toMatch(/warning \.GCC\/branches\/main\/\.log\.md\.gcc-studio-4194309-0a1b2c3d\.tmp  left by a gcc-studio that was killed mid-write.*\[leftover-temp\]/);
      expect(r.out).toMatch(/warning \.GCC\/branches\/main\/log\.md:63  Step 9 holds a line `### Step 99 — not a real header` that Contexa's Python, TypeScript, Rust and Go readers take for a record header.*\[misread-by-readers\]/);
      // The `---` the readers cut a record at (edge.json's steps 3, 5 and 13, where the real Python read a step 0).
      expect(r.out).toMatch(/warning \.GCC\/branches\/main\/log\.md:\d+  Step 5 holds a line `Title---` that Contexa's Python, TypeScript, Rust and Go readers take for the end of a record: .*\(step 5, step 0\).*\[misread-by-readers\]/);
      expect(r.out.match(/take for the end of a record/g)).toHaveLength(3);
    } finally {
      removeTempCorpusCopies();
    }
  });

  it("reports a `---` value the real Python writer wrote and its reader reads as a made-up step 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gcc-doctor-cut-'));
    try {
      const real = runRealPython(dir, [{ op: 'init', roadmap: 'goal' }, { op: 'log', o: 'o', t: '---', a: 'a' }, { op: 'log', o: 'o2', t: 't2', a: 'a2' }], [['main', 1]]);
      const context = real.contexts['main@1']!;
      expect('bytes' in context && context.bytes.toString('utf8')).toMatch(/### Step 0 — \n\*\*Observation:\*\* \n\n\*\*Thought:\*\* \n\n\*\*Action:\*\* a\n/);
      const r = await run('doctor', dir);
      // A warning: the file is Contexa's own, and every record in it is there.
      expect(r.code).toBe(EXIT_OK);
      expect(r.out).toMatch(/warning \.GCC\/branches\/main\/log\.md:6  Step 1 holds a line `---` that Contexa's Python, TypeScript, Rust and Go readers take for the end of a record: Python reads 2 steps \(step 1, step 0\) where there is one.*\[misread-by-readers\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives one clear line and exit 2 for a missing DIR or a folder without .GCC/', async () => {
    const missing = await run('doctor', join(corpus, 'does-not-exist'));
    expect(missing.code).toBe(EXIT_USAGE);
    expect(missing.err).toHaveLength(1);
    expect(missing.err[0]).toMatch(/^gcc-studio: cannot open .*does-not-exist: no such file or folder$/);
    const empty = await run('inspect', join(corpus, 'bad/large-log'));
    expect(empty.code).toBe(EXIT_USAGE);
    expect(empty.err[0]).toMatch(/holds no \.GCC\/ folder$/);
  });

  it('rejects bad arguments with exit 2', async () => {
    const r = await run('context', corpus, '--k', 'zero');
    expect(r.code).toBe(EXIT_USAGE);
    expect(r.err[0]).toMatch(/--k must be a whole number/);
  });
});
