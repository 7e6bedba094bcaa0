// A merge that did not finish: judged part by part, then completed, rolled back or left alone.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntentWrite, MergeIntent } from './merge-journal.ts';
import { mergeJournal, sha256 } from './merge-journal.ts';
import { judgeIntent, judgePart, resolveLocked } from './merge-recovery.ts';

const temps: string[] = [];
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const enc = (s: string) => new TextEncoder().encode(s);
const HEADING = '\n## Merged from `x` (2027-01-01T00:00:00+00:00)\n\n### Step 1 — t\n**Observation:** o\n\n---\n';

function workspace() {
  const project = mkdtempSync(join(tmpdir(), 'gcc-recover-'));
  temps.push(project);
  const gcc = join(project, '.GCC');
  mkdirSync(join(gcc, 'branches/main'), { recursive: true });
  mkdirSync(join(gcc, 'branches/x'), { recursive: true });
  writeFileSync(join(gcc, 'branches/main/log.md'), '# log\n');
  writeFileSync(join(gcc, 'branches/main/commit.md'), '# commits\n');
  writeFileSync(join(gcc, 'branches/x/metadata.yaml'), 'status: active\n');
  const append = (file: string, text: string, base: string): IntentWrite => ({
    file,
    kind: 'log',
    mode: 'append',
    baseSize: enc(base).length,
    baseSha256: sha256(enc(base)),
    bytes: Buffer.from(text).toString('base64'),
    sha256: sha256(enc(text)),
  });
  const writes: IntentWrite[] = [
    append('branches/main/log.md', HEADING, '# log\n'),
    { ...append('branches/main/commit.md', '## Commit `feedbeef`\n**Timestamp:** t\n\n---\n', '# commits\n'), kind: 'commit' },
    { file: 'branches/x/metadata.yaml', kind: 'metadata', mode: 'replace', baseSize: 15, bytes: Buffer.from('status: merged\n').toString('base64'), sha256: sha256(enc('status: merged\n')), previous: Buffer.from('status: active\n').toString('base64') },
  ];
  const intent: MergeIntent = { version: 1, id: 'i', at: '2027-01-01T00:00:00.000Z', source: 'x', target: 'main', dialect: 'python', commitId: 'feedbeef', writes };
  return { gcc, intent, read: (f: string) => readFileSync(join(gcc, f), 'utf8') };
}

describe('judging a merge that did not finish', () => {
  it('finds each part absent, whole, partly written or changed', async () => {
    const { gcc, intent } = workspace();
    const [log, commit, meta] = intent.writes as [IntentWrite, IntentWrite, IntentWrite];
    expect(await judgePart(gcc, log)).toEqual({ state: 'absent' });
    appendFileSync(join(gcc, log.file), HEADING.slice(0, 20));
    expect(await judgePart(gcc, log)).toEqual({ state: 'partial', written: 20 });
    appendFileSync(join(gcc, log.file), HEADING.slice(20));
    expect(await judgePart(gcc, log)).toEqual({ state: 'whole' });
    expect(await judgePart(gcc, meta)).toEqual({ state: 'absent' });
    writeFileSync(join(gcc, meta.file), 'status: abandoned\n');
    expect((await judgePart(gcc, meta)).state).toBe('changed');
    // An agent's commit after the crash shares the first bytes of ours: a write never started is absent regardless.
    appendFileSync(join(gcc, commit.file), '## Commit `0badcafe`\n**Timestamp:** u\n\n---\n');
    expect((await judgePart(gcc, commit)).state).toBe('changed');
    expect((await judgeIntent(gcc, { intent, started: 0 }))[1]!.found).toEqual({ state: 'absent' });
  });

  it('rolls back what was written and keeps what an agent appended after it', async () => {
    const { gcc, intent, read } = workspace();
    const journal = mergeJournal(gcc);
    await journal.begin(intent);
    appendFileSync(join(gcc, 'branches/main/log.md'), HEADING);
    appendFileSync(join(gcc, 'branches/main/commit.md'), '## Commit `feed');
    appendFileSync(join(gcc, 'branches/main/log.md'), '### Step 2 — later\n**Observation:** kept\n\n---\n');
    const recovered = await resolveLocked(gcc, journal, { intent, started: 1 }, false);
    expect(recovered.resolution).toBe('rolled-back');
    expect(recovered.message).toMatch(/branches\/main\/log\.md written, branches\/main\/commit\.md partly written \(15 of \d+ bytes\), branches\/x\/metadata\.yaml not written\. It was rolled back/);
    expect(read('branches/main/log.md')).toBe('# log\n### Step 2 — later\n**Observation:** kept\n\n---\n');
    expect(read('branches/main/commit.md')).toBe('# commits\n');
    expect(await journal.pending()).toBeNull();
  });

  it('calls a merge complete when every part is there, and touches nothing when a part changed', async () => {
    const { gcc, intent, read } = workspace();
    const journal = mergeJournal(gcc);
    await journal.begin(intent);
    appendFileSync(join(gcc, 'branches/main/log.md'), HEADING);
    writeFileSync(join(gcc, 'branches/main/commit.md'), 'rewritten by hand\n');
    const unresolved = await resolveLocked(gcc, journal, { intent, started: 1 }, false);
    expect(unresolved.resolution).toBe('unresolved');
    expect(read('branches/main/log.md')).toBe(`# log\n${HEADING}`);
    expect(await journal.pending()).not.toBeNull();

    writeFileSync(join(gcc, 'branches/main/commit.md'), '# commits\n## Commit `feedbeef`\n**Timestamp:** t\n\n---\n');
    writeFileSync(join(gcc, 'branches/x/metadata.yaml'), 'status: merged\n');
    expect((await resolveLocked(gcc, journal, { intent, started: 2 }, false)).resolution).toBe('completed');
    expect(await journal.pending()).toBeNull();
  });
});
