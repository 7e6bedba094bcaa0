// Which Contexa readers would misread a value, and its safe form.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../../fixtures/corpus.ts';
import type { Commit, OtaStep } from '../../types.ts';
import { parseLog } from '../read/log.ts';
import { commitMisread, describeMisread, safeForm, stepMisread, structureLines } from './misread.ts';
import { readerView } from './reader-view.ts';

const commit = (thisCommitContribution: string): Commit => ({
  commitId: 'abc12345',
  branchName: 'main',
  branchPurpose: 'p',
  previousProgressSummary: 's',
  thisCommitContribution,
  timestamp: '2025-01-01T00:00:00Z',
  range: { start: 0, end: 0 },
});
const step = (thought: string): OtaStep => ({ step: 3, timestamp: '2025-01-01T00:00:00Z', observation: 'o', thought, action: 'a', range: { start: 0, end: 0 } });
const readers = (r: ReturnType<typeof commitMisread>) => r?.readers.map((x) => x.reader) ?? [];

describe('misread values', () => {
  it('names the readers that take a `## Commit `id`` line for a commit, with what they read', () => {
    const r = commitMisread(commit('first\n## Commit `deadbeef`\nrest'))!;
    expect(readers(r)).toEqual(['python', 'typescript', 'rust', 'go']);
    expect(r.readers[0]!.reads).toEqual([{ label: 'commit `deadbeef`', fields: expect.objectContaining({ thisCommitContribution: 'first' }) }]);
    expect(describeMisread(r)).toMatch(/Python, TypeScript, Rust and Go read it as commit `deadbeef`/);
  });

  it('knows only Python drops a commit on `## Commit notes`, and Python and Rust read `### Steps taken` as step 0', () => {
    const notes = commitMisread(commit('a\n## Commit notes\nb'))!;
    expect(readers(notes)).toEqual(['python']);
    expect(notes.readers[0]!.problems).toEqual(['drops the commit']);
    const taken = stepMisread(step('plan\n### Steps taken\nmore'))!;
    expect(readers(taken)).toEqual(['python', 'rust']);
    expect(taken.readers[0]!.reads[0]!.label).toBe('step 0');
  });

  it('offers a safe form that every faithful reader reads as the text, and says nothing of harmless values', () => {
    const value = 'a\n## Commit `deadbeef`\n### Step 2\nb';
    expect(structureLines(value)).toEqual(['## Commit `deadbeef`', '### Step 2']);
    expect(safeForm(value)).toBe('a\n\\## Commit `deadbeef`\n\\### Step 2\nb');
    expect(commitMisread(commit(safeForm(value)))).toBeNull();
    for (const d of ['python', 'typescript', 'rust', 'go'] as const) {
      expect(readerView(d, { commits: [commit(safeForm(value))], steps: [] }).commits.map((c) => c.commitId)).toEqual(['abc12345']);
    }
    expect(commitMisread(commit('plain\n# a heading\ntext'))).toBeNull();
    // A first line sits after its label: no reader takes it for a header.
    expect(stepMisread(step('### Step 9 first'))).toBeNull();
    // Only the edited fields are looked at when asked.
    expect(commitMisread(commit('a\n## Commit `x`\nb'), ['branchPurpose'])).toBeNull();
  });

  it('knows a `---` closing a line cuts the record for all four, and offers a backslash before it', () => {
    const cut = stepMisread(step('---'))!;
    expect(readers(cut)).toEqual(['python', 'typescript', 'rust', 'go']);
    expect(cut.fields).toEqual([{ field: 'thought', lines: ['---'], safeText: '\\---' }]);
    expect(cut.readers.find((r) => r.reader === 'python')!.reads.map((r) => r.label)).toEqual(['step 3', 'step 0']);
    expect(describeMisread(cut)).toMatch(/^Step 3 holds a line `---` that Contexa's Python, TypeScript, Rust and Go readers take for the end of a record: Python reads 2 steps \(step 3, step 0\) where there is one, .*; TypeScript, Rust and Go read its Thought as "" instead of "---"/);
    for (const value of ['Title---\nnext', 'ends with\n---', 'a\n---\n---\nb', '----']) {
      expect(stepMisread(step(value)), value).not.toBeNull();
      expect(stepMisread(step(safeForm(value))), safeForm(value)).toBeNull();
    }
    // An inner `---` line is escaped by the writers, and a backslash already there keeps the dashes: both read as written.
    expect(stepMisread(step('a\n---\nb'))).toBeNull();
    expect(stepMisread(step('a\\---'))).toBeNull();
    expect(structureLines('a\n---\nb')).toEqual([]);
  });

  it('agrees with the real Python reader on the corpus: a `### Step 99` line is step 99, a cut `---` a step 0', () => {
    const dir = join(CORPUS, 'edge/python');
    const bytes = new Uint8Array(readFileSync(join(dir, '.GCC/branches/main/log.md')));
    const steps = parseLog(bytes, { file: 'log.md', dialect: 'python' }).steps;
    const flagged = steps.filter((s) => stepMisread(s) !== null);
    // 3: `---` twice in a row (the escape takes the first), 5: `Title---`, 9: `### Step 99`, 13: a last line `---`.
    expect(flagged.map((s) => s.step)).toEqual([3, 5, 9, 13]);
    const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { branches: { main: { ota: { step: number }[] } } };
    const numbers = expected.branches.main.ota.map((s) => s.step);
    expect(numbers).toContain(99);
    expect(numbers).not.toContain(9);
    for (const n of [3, 5, 13]) expect(numbers[numbers.indexOf(n) + 1], `after step ${n}`).toBe(0);
    const python = (s: OtaStep) => stepMisread(s)!.readers.find((r) => r.reader === 'python')!.reads.map((r) => r.label);
    expect(flagged.map(python)).toEqual([['step 3', 'step 0'], ['step 5', 'step 0'], ['step 99'], ['step 13', 'step 0']]);
  });
});
