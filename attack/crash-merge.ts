// A crash mid-merge: the next server rolls it back (or finds it complete) and says so, and a retry merges exactly once.
import { appendFileSync, existsSync, readFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import type { CompareResponse } from '../shared/compare-api.ts';
import { startCrashingServer, type CrashPoint } from '../server/test-support/crashing.ts';
import { intentPathFor } from '../server/write/merge-journal.ts';
import { startAttackStudio, studioRequest, type AttackStudio } from './studio.ts';
import type { AttackPart } from './types.ts';

const FILES = ['branches/main/log.md', 'branches/main/commit.md', 'main.md', 'branches/auth-session/metadata.yaml'];
const MERGE = { method: 'POST', body: JSON.stringify({ branch: 'auth-session', target: 'main' }) };
const AGENT_STEP = '### Step 4 — 2026-12-02T14:00:00.000000+00:00\n**Observation:** appended after the crash\n\n**Thought:** t\n\n**Action:** a\n\n---\n';

interface Case {
  name: string;
  at: CrashPoint;
  /** Every part was written before the kill: the merge is complete, not rolled back. */
  complete?: boolean;
  /** Runs between the crash and the restart (an agent appending, someone rewriting a file). */
  meanwhile?: (gccDir: string) => void;
  /** The record cannot be resolved: the merge must stay reported and refused. */
  unresolved?: boolean;
}

const CASES: Case[] = [
  { name: 'before the log append', at: { op: 'append', pathEndsWith: 'branches/main/log.md' } },
  { name: 'inside the log append', at: { op: 'append', pathEndsWith: 'branches/main/log.md', writeFirst: 40 } },
  { name: 'before the commit append', at: { op: 'append', pathEndsWith: 'branches/main/commit.md' } },
  { name: 'inside the commit append', at: { op: 'append', pathEndsWith: 'branches/main/commit.md', writeFirst: 30 } },
  { name: 'inside the roadmap append', at: { op: 'append', pathEndsWith: '.GCC/main.md', writeFirst: 10 } },
  { name: 'before the metadata rename', at: { op: 'rename', pathEndsWith: 'auth-session/metadata.yaml' } },
  { name: 'after the last write', at: { op: 'renamed', pathEndsWith: 'auth-session/metadata.yaml' }, complete: true },
  { name: 'before the commit append, then an agent appends a step', at: { op: 'append', pathEndsWith: 'branches/main/commit.md' }, meanwhile: (g) => appendFileSync(join(g, 'branches/main/log.md'), AGENT_STEP) },
  { name: 'before the commit append, then the log is cut short', at: { op: 'append', pathEndsWith: 'branches/main/commit.md' }, meanwhile: (g) => truncateSync(join(g, 'branches/main/log.md'), 100), unresolved: true },
];

const read = (studio: AttackStudio, rel: string) => (existsSync(join(studio.project, '.GCC', rel)) ? readFileSync(join(studio.project, '.GCC', rel), 'utf8') : null);
const count = (text: string | null, what: string) => (text ?? '').split(what).length - 1;

async function compareNotices(studio: AttackStudio): Promise<CompareResponse['partialMerges']> {
  return (JSON.parse((await studio.request('/api/compare?head=auth-session&base=main')).text) as CompareResponse).partialMerges ?? [];
}

/** After the restart: the files as before (or fully merged), the record gone, the start and the compare view saying so. */
async function checkRecovered(c: Case, studio: AttackStudio, before: Map<string, string | null>, warnings: string[], fail: (m: string) => void): Promise<void> {
  if (!warnings.some((w) => w.includes('did not finish'))) fail(`the restart did not say the merge did not finish: ${warnings.join(' | ')}`);
  if (existsSync(intentPathFor(join(studio.project, '.GCC')))) fail('the intent record is still there');
  const notices = await compareNotices(studio);
  if (!notices.some((n) => n.evidence === 'recovered')) fail(`the compare view does not say what happened: ${JSON.stringify(notices)}`);
  if (notices.some((n) => n.evidence === 'files')) fail(`the compare view still finds a partial merge in the files: ${notices.map((n) => n.message).join(' | ')}`);
  if (c.complete) {
    if (count(read(studio, 'branches/auth-session/metadata.yaml'), 'status: merged') !== 1) fail('complete merge: the metadata is not merged');
    return;
  }
  for (const f of FILES) {
    const want = f === 'branches/main/log.md' && c.meanwhile ? `${before.get(f)}${AGENT_STEP}` : before.get(f);
    if (read(studio, f) !== want) fail(`${f} is not as before the merge${c.meanwhile ? ' (with the agent step)' : ''}`);
  }
  const retry = await studio.request('/api/merge', MERGE);
  if (retry.status !== 200) fail(`the retry answered ${retry.status}: ${retry.text.slice(0, 200)}`);
  if (count(read(studio, 'branches/main/log.md'), '## Merged from `auth-session`') !== 1) fail('after the retry, main\'s log does not hold exactly one merge block');
  if (count(read(studio, 'branches/main/commit.md'), 'Merging branch `auth-session`') !== 1) fail('after the retry, commit.md does not hold exactly one merge commit');
}

async function checkUnresolved(studio: AttackStudio, warnings: string[], fail: (m: string) => void): Promise<void> {
  if (!warnings.some((w) => w.includes('put them right by hand'))) fail(`the restart did not say the merge needs a hand: ${warnings.join(' | ')}`);
  if (!existsSync(intentPathFor(join(studio.project, '.GCC')))) fail('the intent record was removed');
  const notices = await compareNotices(studio);
  if (!notices.some((n) => n.evidence === 'record' && n.severity === 'error')) fail(`the compare view does not report the partial merge: ${JSON.stringify(notices)}`);
  const retry = await studio.request('/api/merge', MERGE);
  if (retry.status !== 409) fail(`a retry was not refused (${retry.status})`);
}

async function crashCase(c: Case): Promise<string[]> {
  const failures: string[] = [];
  const fail = (m: string) => failures.push(`${c.name}: ${m}`);
  const studio = await startAttackStudio('python', { noServer: true });
  try {
    const before = new Map(FILES.map((f) => [f, read(studio, f)]));
    const crashing = await startCrashingServer(studio.project, studio.token, c.at);
    await studioRequest(crashing.port, studio.token, '/api/merge', MERGE).catch(() => null);
    if ((await crashing.exited) !== 'SIGKILL') fail('the server was not killed at that point');
    c.meanwhile?.(join(studio.project, '.GCC'));
    const warnings = await studio.restart();
    if (c.unresolved) await checkUnresolved(studio, warnings, fail);
    else await checkRecovered(c, studio, before, warnings, fail);
  } finally {
    await studio.stop();
  }
  return failures;
}

/** A merge cut short by someone else (no record): main's log holds the copied steps, nothing else was written. */
async function tracesWithoutRecord(): Promise<string[]> {
  const studio = await startAttackStudio('python', {
    prepare: ({ gccDir }) => appendFileSync(join(gccDir, 'branches/main/log.md'), `\n## Merged from \`auth-session\` (2026-12-02T14:00:00+00:00)\n\n${AGENT_STEP.replace('Step 4', 'Step 1')}`),
  });
  try {
    const notices = await compareNotices(studio);
    return notices.some((n) => n.evidence === 'files' && n.severity === 'warning') ? [] : [`a merge's traces without a record are not reported: ${JSON.stringify(notices)}`];
  } finally {
    await studio.stop();
  }
}

/**
 * A real server merges `auth-session` into `main` and is SIGKILLed at one point of it: before or inside each append
 * (main's log, commit.md, main.md), before and after the metadata's rename. The next server must find the intent
 * record and resolve it, on start and in the compare view. Also: an agent's step appended after the crash is kept by
 * the rollback; a file changed since is never guessed at (the merge stays reported and refused); and a merge's traces
 * without a record (cut short by another writer) are reported.
 */
export const crashMergePart: AttackPart = {
  kind: 'fault',
  name: 'a crash mid-merge (SIGKILL at each write), then a restart and a retry',
  async run({ quick }) {
    const cases = quick ? CASES.filter((_, i) => i % 2 === 0 || CASES[i]!.unresolved) : CASES;
    const results: string[][] = [];
    for (const c of cases) results.push(await crashCase(c));
    results.push(await tracesWithoutRecord());
    return { tried: results.length, failures: results.filter((r) => r.length > 0).map((r) => r.join('; ')) };
  },
};
