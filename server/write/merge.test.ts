// /api/compare, /api/merge/preview and POST /api/merge against a real store on temp copies of corpus workspaces.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompareResponse, MergeFailureResponse, MergePreviewResponse, MergeResponse } from '../../shared/compare-api.ts';
import { parseCommits } from '../../shared/gcc/read/commits.ts';
import { parseLog } from '../../shared/gcc/read/log.ts';
import { parseMetadata } from '../../shared/gcc/read/metadata.ts';
import { readerView } from '../../shared/gcc/dialects/reader-view.ts';
import type { MergeIo } from './merge.ts';
import { defaultMergeIo } from './merge.ts';
import { mergeTestApp } from '../test-support/merge-app.ts';
import { removeTempCorpusCopies } from '../test-support/temp-corpus.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  removeTempCorpusCopies();
});

const setup = mergeTestApp;

const snapshot = (file: (rel: string) => Uint8Array) =>
  ['branches/main/log.md', 'branches/main/commit.md', 'main.md', 'branches/auth-session/metadata.yaml'].map((f) => Buffer.from(file(f)).toString('hex'));

describe('GET /api/compare', () => {
  it('compares a branch with the one it was created from by default', async () => {
    const { get } = await setup('python');
    const res = await get('/api/compare?head=auth-session');
    expect(res.status).toBe(200);
    const body = (await res.json()) as CompareResponse;
    expect(body.base.name).toBe('main');
    expect(body.comparison.commitsAhead).toHaveLength(1);
    expect(body.comparison.warnings.map((w) => w.code)).toContain('step-number-collision');
    expect(body.stepsSinceCreatedTotal).toBe(2);
  });

  it('refuses bad names and unknown branches', async () => {
    const { get } = await setup('python');
    expect((await get('/api/compare')).status).toBe(400);
    expect((await get('/api/compare?head=..%2Fx')).status).toBe(400);
    expect((await get('/api/compare?head=nope')).status).toBe(404);
    expect((await get('/api/compare?head=auth-session&base=nope')).status).toBe(404);
  });
});

describe('merge preview and merge', () => {
  it('writes exactly the previewed bytes, and the result reads back as a Python merge', async () => {
    const { get, post, file } = await setup('python');
    const logBefore = file('branches/main/log.md');
    const res = await get(`/api/merge/preview?branch=auth-session&target=main&summary=${encodeURIComponent('Sessions kept for comparison.')}`);
    expect(res.status).toBe(200);
    const preview = (await res.json()) as MergePreviewResponse;
    expect(preview.dialect).toBe('python');
    expect(preview.blockers).toEqual([]);
    expect(preview.writes.map((w) => w.file)).toEqual(['branches/main/log.md', 'branches/main/commit.md', 'main.md', 'branches/auth-session/metadata.yaml']);

    const merged = await post({ branch: 'auth-session', target: 'main', summary: 'Sessions kept for comparison.', expect: preview.fingerprint });
    expect(merged.status).toBe(200);
    const body = (await merged.json()) as MergeResponse;
    expect(body.commitId).toBe('feedbeef');
    expect(body.report.map((r) => r.outcome)).toEqual(['written', 'written', 'written', 'written']);

    // Byte for byte what the preview said.
    const log = file('branches/main/log.md');
    expect(Buffer.from(log.subarray(logBefore.length)).toString()).toBe(preview.writes[0]!.text);
    expect(Buffer.from(file('branches/auth-session/metadata.yaml')).toString()).toBe(preview.writes[3]!.text);

    // And as Contexa Python reads it back: the copies, the merge commit, the metadata.
    const steps = readerView('python', { commits: [], steps: parseLog(log, { file: 'log.md', dialect: 'python' }).steps }).steps;
    expect(steps.filter((s) => s.mergedFrom === 'auth-session').map((s) => s.step)).toEqual([1, 2]);
    const commits = parseCommits(file('branches/main/commit.md'), { file: 'commit.md', branch: 'main' }).commits;
    expect(commits.at(-1)).toMatchObject({
      commitId: 'feedbeef',
      branchPurpose: 'Primary reasoning trajectory',
      previousProgressSummary: 'Merging branch `auth-session` with purpose: Baseline: server-side sessions in Redis (naïve café — ✓ comparison)',
      thisCommitContribution: 'Sessions kept for comparison.',
    });
    const meta = parseMetadata(file('branches/auth-session/metadata.yaml'), 'metadata.yaml');
    expect(meta.metadata).toMatchObject({ status: 'merged', mergedInto: 'main', mergedAt: '2027-01-01T00:00:00.000003+00:00' });
    expect(meta.style.writers).toContain('python');
    expect(Buffer.from(file('main.md')).toString()).toMatch(/\n## Update \(2027-01-01T00:00:00\.000002\+00:00\)\nMerged `auth-session`: Sessions kept for comparison\.\n$/);

    // Once merged, a second merge is refused.
    const again = await post({ branch: 'auth-session', target: 'main' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/already merged into `main`/);
  });

  it("says in words that the merge rewrites another writer's metadata.yaml in the target writer's YAML style", async () => {
    const { get } = await setup('mixed-py-ts');
    const preview = (await (await get('/api/merge/preview?branch=auth-session&target=main')).json()) as MergePreviewResponse;
    expect(preview.dialect).toBe('python');
    expect(preview.notes).toContain(
      "`auth-session`'s metadata.yaml was written by Contexa TypeScript; Contexa Python's merge rewrites the whole file in its own YAML style (its key order and quoting), not only the status, as the real merge does.",
    );
    // One writer for both branches: only the status fields change, nothing to say.
    const python = await setup('python');
    const plain = (await (await python.get('/api/merge/preview?branch=auth-session&target=main')).json()) as MergePreviewResponse;
    expect(plain.notes.join(' ')).not.toMatch(/YAML style/);
  });

  it('refuses an already merged branch, naming it in the preview', async () => {
    const { get, post, file } = await setup('python');
    const preview = (await (await get('/api/merge/preview?branch=auth-jwt&target=main')).json()) as MergePreviewResponse;
    expect(preview.blockers.join(' ')).toMatch(/already merged/);
    const before = snapshot(file);
    expect((await post({ branch: 'auth-jwt', target: 'main' })).status).toBe(409);
    expect(snapshot(file)).toEqual(before);
  });

  it('refuses a summary the readers would misread in the target\'s commit.md, naming it in the preview', async () => {
    const { get, post, file } = await setup('python');
    const summary = 'Sessions compared with JWT ---\nkept for later';
    const preview = (await (await get(`/api/merge/preview?branch=auth-session&target=main&summary=${encodeURIComponent(summary)}`)).json()) as MergePreviewResponse;
    expect(preview.blockers.join(' ')).toMatch(/holds a line `Sessions compared with JWT ---` that Contexa's .* take for the end of a record.*Refused/);
    const before = snapshot(file);
    const res = await post({ branch: 'auth-session', target: 'main', summary });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/Refused: put a backslash/);
    expect(snapshot(file)).toEqual(before);
    // The automatic summary is the writers' own: no blocker.
    const plain = (await (await get('/api/merge/preview?branch=auth-session&target=main')).json()) as MergePreviewResponse;
    expect(plain.blockers).toEqual([]);
  });

  it('refuses a stale preview (409) and writes nothing', async () => {
    const { get, post, file, gccDir } = await setup('python');
    const preview = (await (await get('/api/merge/preview?branch=auth-session&target=main')).json()) as MergePreviewResponse;
    // The agent logs one more step on the branch in the meantime.
    const { appendFileSync } = await import('node:fs');
    appendFileSync(join(gccDir, 'branches/auth-session/log.md'), '### Step 3 — 2027-01-01T00:00:00+00:00\n**Observation:** o\n\n**Thought:** t\n\n**Action:** a\n\n---\n');
    const before = snapshot(file);
    const res = await post({ branch: 'auth-session', target: 'main', expect: preview.fingerprint });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/stale/);
    expect(snapshot(file)).toEqual(before);
  });

  it('is absent in --read-only: the preview says why, the POST is refused', async () => {
    const { get, post } = await setup('python', { readOnly: true });
    const preview = (await (await get('/api/merge/preview?branch=auth-session&target=main')).json()) as MergePreviewResponse;
    expect(preview.blockers.join(' ')).toMatch(/read-only/);
    expect((await post({ branch: 'auth-session', target: 'main' })).status).toBe(403);
  });

  it('validates the body and follows the token and Origin rules', async () => {
    const { post } = await setup('python');
    expect((await post('{not json')).status).toBe(400);
    expect((await post([1])).status).toBe(400);
    expect((await post({ branch: 'auth-session' })).status).toBe(400);
    expect((await post({ branch: 'auth-session', target: 'main', extra: 1 })).status).toBe(400);
    expect((await post({ branch: 'auth-session', target: 'main', summary: 7 })).status).toBe(400);
    expect((await post({ branch: 'auth-session', target: 'main', expect: 'not hex!' })).status).toBe(400);
    expect((await post({ branch: '../evil', target: 'main' })).status).toBe(400);
    expect((await post({ branch: 'main', target: 'main' })).status).toBe(400);
    expect((await post({ branch: 'nope', target: 'main' })).status).toBe(404);
    expect((await post({ branch: 'auth-session', target: 'main', summary: 'x'.repeat(40_000) })).status).toBe(413);
    expect((await post({ branch: 'auth-session', target: 'main' }, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post({ branch: 'auth-session', target: 'main' }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ branch: 'auth-session', target: 'main' }, { authorization: 'Bearer wrong' })).status).toBe(401);
  });

  it('answers 423 when another writer holds the lock, and writes nothing', async () => {
    const { post, file, gccDir } = await setup('python', { merge: { lockTimeoutMs: 300 } });
    // An agent in another process holding Python's flock.
    const child = spawn('flock', [join(gccDir, '.lock'), '-c', 'echo held; sleep 20'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(child);
    await new Promise<void>((done) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && done()));
    const before = snapshot(file);
    const res = await post({ branch: 'auth-session', target: 'main' });
    expect(res.status).toBe(423);
    expect(((await res.json()) as { error: string }).error).toMatch(/lock.*nothing was written/);
    expect(snapshot(file)).toEqual(before);
  });

  it('uses the TypeScript lock protocol on TypeScript files (the .lock file is gone afterwards)', async () => {
    const { post, gccDir, file } = await setup('typescript');
    expect(existsSync(join(gccDir, '.lock'))).toBe(false);
    const res = await post({ branch: 'auth-session', target: 'main' });
    expect(res.status).toBe(200);
    expect(existsSync(join(gccDir, '.lock'))).toBe(false);
    const text = Buffer.from(file('main.md')).toString();
    // TypeScript's roadmap line is the summary alone.
    expect(text).toMatch(/\nMerged branch `auth-session` \(1 commits\)\. Contributions: Benchmarked Redis-backed sessions against JWT \(p95 4\.1 ms vs 2\.3 ms\)\.\n$/);
    expect(Buffer.from(file('branches/auth-session/metadata.yaml')).toString()).toMatch(/^name: auth-session\n/);
  });
});

describe('a merge that fails half way', () => {
  it('writes nothing when a target file is not a regular file (checked before any write)', async () => {
    const { post, file, gccDir } = await setup('python');
    const before = Buffer.from(file('branches/main/log.md')).toString('hex');
    rmSync(join(gccDir, 'main.md'));
    mkdirSync(join(gccDir, 'main.md'));
    const res = await post({ branch: 'auth-session', target: 'main' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/cannot read main\.md: it is a folder, not a file \(EISDIR\); nothing was written/);
    expect(Buffer.from(file('branches/main/log.md')).toString('hex')).toBe(before);
  });

  it('undoes the log section when the merge commit cannot be written, and says so', async () => {
    const io: MergeIo = {
      ...defaultMergeIo,
      append: async (path, data) => {
        if (path.endsWith('commit.md')) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        return defaultMergeIo.append(path, data);
      },
    };
    const { post, file } = await setup('python', { merge: { io } });
    const before = snapshot(file);
    const res = await post({ branch: 'auth-session', target: 'main' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as MergeFailureResponse;
    expect(body.report.map((r) => [r.kind, r.outcome])).toEqual([
      ['log', 'rolled-back'],
      ['commit', 'failed'],
      ['roadmap', 'not-written'],
      ['metadata', 'not-written'],
    ]);
    expect(body.error).toMatch(/failed writing branches\/main\/commit\.md: no space left on the disk \(ENOSPC\)\. Nothing of it is left/);
    expect(snapshot(file)).toEqual(before);
  });

  it('reports a merge heading left without its commit when the undo fails too', async () => {
    const io: MergeIo = {
      ...defaultMergeIo,
      append: async (path, data) => {
        if (path.endsWith('commit.md')) throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
        return defaultMergeIo.append(path, data);
      },
      truncate: async () => {
        throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
      },
    };
    const { post, file } = await setup('python', { merge: { io } });
    const logSize = file('branches/main/log.md').length;
    const res = await post({ branch: 'auth-session', target: 'main' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as MergeFailureResponse;
    expect(body.report[0]).toMatchObject({ kind: 'log', outcome: 'written' });
    expect(body.report[0]!.message).toMatch(/could not be undone/);
    expect(body.error).toMatch(/branches\/main\/log\.md holds a `## Merged from `auth-session`` section without a merge commit/);
    expect(file('branches/main/log.md').length).toBeGreaterThan(logSize);
  });

  it('keeps the metadata whole when its replacement fails last, and undoes the appends', async () => {
    const io: MergeIo = {
      ...defaultMergeIo,
      replace: async () => {
        throw Object.assign(new Error('disk quota exceeded'), { code: 'EDQUOT' });
      },
    };
    const { post, file, gccDir } = await setup('python', { merge: { io } });
    const before = snapshot(file);
    const res = await post({ branch: 'auth-session', target: 'main' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as MergeFailureResponse;
    expect(body.report.map((r) => r.outcome)).toEqual(['rolled-back', 'rolled-back', 'rolled-back', 'failed']);
    expect(snapshot(file)).toEqual(before);
    expect(statSync(join(gccDir, 'branches/auth-session/metadata.yaml')).isFile()).toBe(true);
  });
});
