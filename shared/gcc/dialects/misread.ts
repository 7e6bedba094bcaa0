// Values that look like structure to Contexa's readers, and what each of the four faithful readers would make of
// them: the edit path and an agent's write refuse such a value, the doctor flags it in the files. Two kinds:
// - a line (any but a value's first, which sits after its label) starting `### Step` or `## Commit`: some of Python,
//   TypeScript, Rust and Go read a commit id of `deadbeef` and cut the text there, drop the commit (Python, on
//   `## Commit notes`), or read the step as step 0 (Python and Rust, on `### Steps taken`);
// - a `---` closing a line (the first included, `**Thought:** ---`): the four split the file on `---\n` wherever it
//   occurs, so the record ends there and the rest becomes a record of its own (Python's made-up "step 0"). The
//   writers' escape covers an inner line of exactly `---` only, once (`\n---\n` → `\n\\---\n`).
// Contexa's own writers would write the same bytes; we still must not hand an agent a file its readers misread. What
// each reads comes from readerView, never from a list of patterns: the value is read as it is and in its safe form
// (a backslash before each such line, or before its closing `---`, which no reader acts on and Markdown shows as the
// same text), and a reader misreads when the two readings differ by more than that backslash.
import type { Commit, OtaStep } from '../../types.ts';
import { readerView } from './reader-view.ts';

export const FAITHFUL_READERS = ['python', 'typescript', 'rust', 'go'] as const;
export type FaithfulReader = (typeof FAITHFUL_READERS)[number];

export const READER_NAMES: Record<FaithfulReader, string> = { python: 'Python', typescript: 'TypeScript', rust: 'Rust', go: 'Go' };

const HEADER_LINE = /\n(?=### Step|## Commit)/;
const HEADER_LINES = /\n(### Step|## Commit)/g;
const ESCAPED_LINES = /\n\\(### Step|## Commit)/g;
/** A `---` at a line's end that no backslash keeps from a `---\n` split (before or after the writers' escape). */
const CUT_DASHES = /(?<!\\)---(?=\r\n|\r|\n|$)/g;
const ESCAPED_DASHES = /\\---(?=\r\n|\r|\n|$)/g;
const ENDS_IN_CUT = new RegExp(CUT_DASHES.source);
const writersEscape = (value: string): string => value.replaceAll('\n---\n', '\n\\---\n');

/** The lines of a value that a reader may take for a record header, or cut the record at. */
export function structureLines(value: string): string[] {
  const headers = HEADER_LINE.test(value) ? value.split('\n').slice(1).filter((l) => l.startsWith('### Step') || l.startsWith('## Commit')) : [];
  if (!value.includes('---')) return headers;
  const cuts = writersEscape(value)
    .split(/\r\n|\r|\n/)
    .filter((l) => ENDS_IN_CUT.test(l));
  return [...headers, ...cuts.filter((l) => !headers.includes(l))];
}

/** The value with a backslash in front of each such line, and before each such `---`: every reader reads it as text. */
export function safeForm(value: string): string {
  return value.replace(HEADER_LINES, '\n\\$1').replace(CUT_DASHES, '\\---');
}

const unescapeSafe = (text: string): string => text.replace(ESCAPED_LINES, '\n$1').replace(ESCAPED_DASHES, '---');

/** One record as a reader reads it, for showing: what it is called and its text fields. */
export interface ReadRecord {
  /** "commit `deadbeef`", "step 0" */
  label: string;
  fields: Record<string, string>;
}

/** How one reader misreads the record. */
export interface ReaderMisread {
  reader: FaithfulReader;
  /** Everything it reads where the record is. */
  reads: ReadRecord[];
  /** In plain words: "reads the commit's id as `deadbeef`", "drops the commit". */
  problems: string[];
}

/** The record's values that look like structure, what the readers that misread them read, and the safe form. */
export interface MisreadReport {
  /** "commit `abc12345`", "step 3" */
  record: string;
  /** The fields holding such lines, with the lines. */
  fields: { field: string; lines: string[]; safeText: string }[];
  readers: ReaderMisread[];
}

interface RecordKind<T> {
  noun: 'commit' | 'step';
  fields: readonly (keyof T & string)[];
  label(record: T): string;
  read(reader: FaithfulReader, record: T): T[];
  /** Name and header fields a reader may read wrongly. */
  identity(record: T): string;
}

/** Each field as its label names it in the file. */
export const FIELD_WORDS: Record<string, string> = {
  branchPurpose: 'Branch Purpose',
  previousProgressSummary: 'Previous Progress Summary',
  thisCommitContribution: "This Commit's Contribution",
  observation: 'Observation',
  thought: 'Thought',
  action: 'Action',
};

const COMMIT_KIND: RecordKind<Commit> = {
  noun: 'commit',
  fields: ['branchPurpose', 'previousProgressSummary', 'thisCommitContribution'],
  label: (c) => `commit \`${c.commitId}\``,
  read: (reader, c) => readerView(reader, { commits: [c], steps: [] }).commits,
  identity: (c) => c.commitId,
};

const STEP_KIND: RecordKind<OtaStep> = {
  noun: 'step',
  fields: ['observation', 'thought', 'action'],
  label: (s) => `step ${s.step}`,
  read: (reader, s) => readerView(reader, { commits: [], steps: [s] }).steps,
  identity: (s) => String(s.step),
};

const short = (text: string): string => {
  const one = text.replace(/\n/g, ' ⏎ ');
  return one.length > 80 ? `${one.slice(0, 77)}…` : one;
};

/** Where a reader's reading of the record departs from its reading of the safe form, in words. */
function problemsOf<T>(kind: RecordKind<T>, expected: T[], got: T[]): string[] {
  if (got.length === 0 && expected.length > 0) return [`drops the ${kind.noun}`];
  const out: string[] = [];
  if (got.length !== expected.length) {
    out.push(`reads ${got.length} ${kind.noun}s (${got.map((r) => kind.label(r)).join(', ')}) where there ${expected.length === 1 ? 'is one' : `are ${expected.length}`}`);
  }
  const a = expected[0];
  const b = got[0];
  if (!a || !b) return out;
  if (kind.identity(a) !== kind.identity(b)) out.push(`reads it as ${kind.label(b)}`);
  for (const f of kind.fields) {
    const want = unescapeSafe(String(a[f]));
    const have = String(b[f]);
    if (want !== have) out.push(`reads its ${FIELD_WORDS[f] ?? f} as "${short(have)}" instead of "${short(want)}"`);
  }
  return out;
}

function sameReading<T>(kind: RecordKind<T>, expected: T[], got: T[]): boolean {
  if (expected.length !== got.length) return false;
  return expected.every((a, i) => kind.identity(a) === kind.identity(got[i]!) && kind.fields.every((f) => unescapeSafe(String(a[f])) === String(got[i]![f])));
}

function check<T>(kind: RecordKind<T>, record: T, only?: readonly string[]): MisreadReport | null {
  const fields = kind.fields
    .filter((f) => !only || only.includes(f))
    .map((f) => ({ field: f, value: String(record[f]) }))
    .map(({ field, value }) => ({ field, lines: structureLines(value), safeText: safeForm(value) }))
    .filter((f) => f.lines.length > 0);
  if (fields.length === 0) return null;
  const safe = { ...record } as T;
  for (const f of fields) (safe as Record<string, unknown>)[f.field] = f.safeText;
  const readers: ReaderMisread[] = [];
  for (const reader of FAITHFUL_READERS) {
    const expected = kind.read(reader, safe);
    const got = kind.read(reader, record);
    if (sameReading(kind, expected, got)) continue;
    readers.push({ reader, reads: got.map((r) => ({ label: kind.label(r), fields: Object.fromEntries(kind.fields.map((f) => [f, String(r[f])])) })), problems: problemsOf(kind, expected, got) });
  }
  return readers.length === 0 ? null : { record: kind.label(record), fields, readers };
}

/** How the faithful readers misread this commit's values (only `fields`, when given); null when none does. */
export function commitMisread(commit: Commit, fields?: readonly string[]): MisreadReport | null {
  return check(COMMIT_KIND, commit, fields);
}

/** How the faithful readers misread this step's values (only `fields`, when given); null when none does. */
export function stepMisread(step: OtaStep, fields?: readonly string[]): MisreadReport | null {
  return check(STEP_KIND, step, fields);
}

/** "Python and Rust", "Python, TypeScript, Rust and Go" */
export function readerList(readers: readonly { reader: FaithfulReader }[]): string {
  const names = readers.map((r) => READER_NAMES[r.reader]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "a line `x`" or "lines `x`, `y`": the report's lines that the readers misread. */
export function misreadLines(report: MisreadReport): string {
  const lines = report.fields.flatMap((f) => f.lines.map((l) => `\`${l}\``));
  return `${lines.length === 1 ? 'a line' : 'lines'} ${lines.join(', ')}`;
}

/** "Contexa's Python reader takes", "Contexa's Python and Go readers take". */
export function readersTake(report: MisreadReport): string {
  return `Contexa's ${readerList(report.readers)} ${report.readers.length === 1 ? 'reader takes' : 'readers take'}`;
}

/** One sentence for an error or a diagnostic. */
export function describeMisread(report: MisreadReport): string {
  // Readers that misread alike are named together.
  const groups = new Map<string, ReaderMisread[]>();
  for (const r of report.readers) groups.set(r.problems.join(', '), [...(groups.get(r.problems.join(', ')) ?? []), r]);
  const what = [...groups].map(([problems, readers]) => `${readerList(readers)} ${problems.replace(/\breads\b/g, readers.length > 1 ? 'read' : 'reads').replace(/\bdrops\b/g, readers.length > 1 ? 'drop' : 'drops')}`).join('; ');
  const all = report.fields.flatMap((f) => f.lines);
  const header = all.some((l) => l.startsWith('### Step') || l.startsWith('## Commit'));
  const cut = all.some((l) => ENDS_IN_CUT.test(l));
  const taken = header && cut ? 'a record header or the end of a record' : cut ? 'the end of a record' : 'a record header';
  return `${cap(report.record)} holds ${misreadLines(report)} that ${readersTake(report)} for ${taken}: ${what}.`;
}

/** The refusal of a value the readers misread, as the page's edit and an agent's write both say it. */
export function misreadRefusal(report: MisreadReport): string {
  return `${describeMisread(report)} ${MISREAD_REMEDY}`;
}

/** What every misread refusal ends with. */
export const MISREAD_REMEDY = 'Refused: put a backslash before each such line (or before its closing ---), or reword it.';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
