// Hand edits of commits and steps on every corpus file, and what is refused.
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../types.ts';
import { parseCommits } from '../read/commits.ts';
import { corpusFiles } from '../test-support/corpus.ts';
import { COMMIT_FIELDS, STEP_FIELDS, editCommits, editSteps, normalizeEditText, type CommitField, type StepField } from './edit-records.ts';
import { commitVersion, stepVersion } from './edit-version.ts';
import { parseLog } from '../read/log.ts';
import { readerView } from '../dialects/reader-view.ts';

const VALUES = [
  'Corrected by hand: the cache key was wrong.',
  'Two paragraphs\n\nthe second — with ünïcödé ✓ and `code`',
  'A list:\n- one\n- two\n---\n- after a dash line',
  'Looks like a label:\n\n**Thought:** not a field\n**Action:** neither',
  '\\--- a backslash line\n\\---\nend',
];

const STANDARD = new Set(['python', 'typescript', 'rust', 'go', 'elixir']);
// The symlinked branch points outside .GCC/: never a file we would edit.
const files = corpusFiles().filter((f) => !f.path.includes('large-log') && !f.path.includes('symlink-branch/.GCC/branches/evil'));
const LABEL: Record<string, string> = {
  branchPurpose: '**Branch Purpose:**',
  previousProgressSummary: '**Previous Progress Summary:**',
  thisCommitContribution: "**This Commit's Contribution:**",
  observation: '**Observation:**',
  thought: '**Thought:**',
  action: '**Action:**',
};

/** A few positions: first, middle, last. */
function positions(n: number): number[] {
  return n === 0 ? [] : [...new Set([0, Math.floor(n / 2), n - 1])];
}

function stripRange<T extends { range: unknown }>(r: T): Omit<T, 'range'> {
  const { range: _, ...rest } = r;
  return rest;
}

describe.each(files.map((f) => [f.path, f] as const))('record splice on %s', (_path, f) => {
  const options = { file: f.file, branch: f.branch, dialect: f.dialect };
  const parse = (bytes: Uint8Array): (Commit | OtaStep)[] =>
    f.kind === 'commit' ? parseCommits(bytes, { file: f.file, branch: f.branch, dialect: f.dialect }).commits : parseLog(bytes, { file: f.file, dialect: f.dialect }).steps;
  const records = parse(f.bytes);
  const fields: readonly string[] = f.kind === 'commit' ? COMMIT_FIELDS : STEP_FIELDS;
  const cases = positions(records.length).flatMap((index) => fields.flatMap((field) => VALUES.map((value) => ({ index, field, value }))));
  if (cases.length === 0) return it('has no records', () => expect(records).toEqual([]));

  it.each(cases)('#$index $field := %#', ({ index, field, value }) => {
    const rec = records[index]!;
    const outcome =
      f.kind === 'commit'
        ? editCommits(f.bytes, options, [{ index, version: commitVersion(rec as Commit), fields: { [field]: value } as Partial<Record<CommitField, string>> }])
        : editSteps(f.bytes, options, [{ index, version: stepVersion(rec as OtaStep), fields: { [field]: value } as Partial<Record<StepField, string>> }]);
    if (!outcome.ok) {
      const recordText = new TextDecoder().decode(f.bytes.subarray(rec.range.start, rec.range.end));
      // A hand-made record without that field has nothing to splice into: refused, never invented.
      if (!recordText.includes(LABEL[field]!)) return expect(outcome.message).toMatch(/has no/);
      // Only Zig and Lua cannot write some values (no escape / the newline corruption); nothing else is refused.
      expect(STANDARD.has(f.dialect), outcome.message).toBe(false);
      expect(outcome.code).toBe('unrepresentable');
      return;
    }
    const after = parse(outcome.bytes);
    // Every other record reads as before; the edited one differs in exactly that field.
    expect(after.length).toBe(records.length);
    after.forEach((r, i) => {
      if (i !== index) expect(stripRange(r)).toEqual(stripRange(records[i]!));
      else expect(stripRange(r)).toEqual({ ...stripRange(records[i]!), [field]: normalizeEditText(value) });
    });
    // Bytes outside the record are identical, and so are the record's bytes before the edited value.
    const { start, end } = rec.range;
    expect(Buffer.from(outcome.bytes.subarray(0, start)).equals(Buffer.from(f.bytes.subarray(0, start)))).toBe(true);
    const tail = f.bytes.length - end;
    expect(Buffer.from(outcome.bytes.subarray(outcome.bytes.length - tail)).equals(Buffer.from(f.bytes.subarray(end)))).toBe(true);
  });

  // The implementations whose readers we transcribe read the edited record as if their own writer had written it.
  if (['python', 'typescript', 'rust', 'go'].includes(f.dialect) && !f.path.startsWith('bad/')) {
    const dialect = f.dialect as 'python' | 'typescript' | 'rust' | 'go';
    it.each(positions(records.length))('Contexa %s reads edited record #%i like one it wrote', (index) => {
      const field = fields[fields.length - 1]!;
      const value = VALUES[2]!;
      const rec = records[index]!;
      const outcome =
        f.kind === 'commit'
          ? editCommits(f.bytes, options, [{ index, version: commitVersion(rec as Commit), fields: { [field]: value } }])
          : editSteps(f.bytes, options, [{ index, version: stepVersion(rec as OtaStep), fields: { [field]: value } }]);
      if (!outcome.ok) throw new Error(outcome.message);
      const after = parse(outcome.bytes);
      const view = (recs: (Commit | OtaStep)[], bytes?: Uint8Array) =>
        f.kind === 'commit'
          ? readerView(dialect, { commits: recs as Commit[], steps: [] }, bytes ? { commit: bytes } : {}).commits.map(stripRange)
          : readerView(dialect, { commits: [], steps: recs as OtaStep[] }, bytes ? { log: bytes } : {}).steps.map(stripRange);
      const fromFile = view(after, outcome.bytes);
      const canonical = view(after);
      const before = view(records, f.bytes);
      expect(fromFile.length).toBe(before.length);
      // The edited record: as the writer's canonical bytes read; the others: exactly as before the edit.
      const at = fromFile.findIndex((r, i) => JSON.stringify(r) !== JSON.stringify(before[i]));
      expect(fromFile).toEqual(before.map((r, i) => (i === at ? canonical[i] : r)));
    });
  }
});

describe('edit refusals', () => {
  const f = files.find((x) => x.path === 'python/.GCC/branches/main/commit.md')!;
  const options = { file: f.file, branch: f.branch, dialect: f.dialect };
  const commits = parseCommits(f.bytes, { file: f.file, branch: f.branch, dialect: f.dialect }).commits;

  it('refuses a stale version with the record as it is now', () => {
    const r = editCommits(f.bytes, options, [{ index: 1, version: 'vstale', fields: { thisCommitContribution: 'x' } }]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('conflict');
    expect(r.current).toEqual(commits[1]);
  });

  it('says not-found for a position past the end', () => {
    const r = editCommits(f.bytes, options, [{ index: 99, version: 'v', fields: { thisCommitContribution: 'x' } }]);
    expect(!r.ok && r.code).toBe('not-found');
  });

  it('writes nothing when the value is unchanged (after normalising line ends and trailing blanks)', () => {
    const c = commits[0]!;
    const r = editCommits(f.bytes, options, [{ index: 0, version: commitVersion(c), fields: { thisCommitContribution: `${c.thisCommitContribution}\r\n\n` } }]);
    expect(r.ok && r.changed).toBe(false);
  });

  it('edits two records in one go (a contribution and the next commit’s previous summary)', () => {
    const [a, b] = [commits[0]!, commits[1]!];
    const r = editCommits(f.bytes, options, [
      { index: 0, version: commitVersion(a), fields: { thisCommitContribution: 'New text' } },
      { index: 1, version: commitVersion(b), fields: { previousProgressSummary: 'New text' } },
    ]);
    if (!r.ok) throw new Error(r.message);
    const again = parseCommits(r.bytes, { file: f.file, branch: f.branch }).commits;
    expect(again[0]!.thisCommitContribution).toBe('New text');
    expect(again[1]!.previousProgressSummary).toBe('New text');
    expect(r.after.map((c) => c.commitId)).toEqual([a.commitId, b.commitId]);
  });
});
