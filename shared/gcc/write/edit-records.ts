// Hand edits of commit and step fields: one value's bytes replaced in the writer's own escaping, nothing else moved,
// and the edit kept only if the file reads back as before but for the edited values.
import type { Commit, Dialect, OtaStep } from '../../types.ts';
import { ByteCursor, decodeUtf8 } from '../read/bytes.ts';
import { parseCommits } from '../read/commits.ts';
import { commitVersion, stepVersion } from './edit-version.ts';
import { escapeStyleOf, serializeValue, unescapeValue, type EscapeStyle } from '../read/escape.ts';
import { parseLog } from '../read/log.ts';
import { FieldSplitter } from '../read/record-fields.ts';
import { splice, type SpliceEdit } from './splice.ts';

import { normalizeEditText, type CommitField, type StepField } from './edit.ts';
import { commitMisread, misreadRefusal, stepMisread, type MisreadReport } from '../dialects/misread.ts';

export { COMMIT_FIELDS, STEP_FIELDS, normalizeEditText, type CommitField, type StepField } from './edit.ts';

/** One record to change: where it is, what it must still be, and the new values of some of its fields. */
export interface RecordEdit<F extends string> {
  /** Position in the file's list of commits (or steps). */
  index: number;
  /** The version the edit was made from (edit-version.ts). */
  version: string;
  /** What the record must still be called: a commit's id, a step's number (as text). Unchecked when absent. */
  identity?: string;
  fields: Partial<Record<F, string>>;
}

export type EditFailureCode = 'not-found' | 'conflict' | 'unrepresentable' | 'misread';

export interface EditFailure<T> {
  ok: false;
  code: EditFailureCode;
  message: string;
  /** For a conflict: the record as it is now. */
  current?: T;
  index?: number;
  /** For `misread`: what Contexa's readers would read, and the safe form of each value. */
  misread?: MisreadReport;
}

export interface EditSuccess<T> {
  ok: true;
  /** The whole new file. Equal to the input when nothing changed (`changed` false). */
  bytes: Uint8Array;
  changed: boolean;
  /** Per edit, in request order: the record before and after. */
  before: T[];
  after: T[];
}

export type EditOutcome<T> = EditSuccess<T> | EditFailure<T>;

export interface RecordFileOptions {
  /** Path relative to .GCC/, for the parser's diagnostics. */
  file: string;
  branch: string;
  dialect: Dialect;
}

interface Layout<F extends string> {
  labels: readonly string[];
  /** Label index of each editable field. */
  labelOf: Record<F, number>;
}

const COMMIT_LAYOUT: Layout<CommitField> = {
  labels: ['**Timestamp:**', '**Branch Purpose:**', '**Previous Progress Summary:**', "**This Commit's Contribution:**"],
  labelOf: { branchPurpose: 1, previousProgressSummary: 2, thisCommitContribution: 3 },
};

const STEP_LAYOUT: Layout<StepField> = {
  labels: ['**Observation:**', '**Thought:**', '**Action:**'],
  labelOf: { observation: 0, thought: 1, action: 2 },
};

type Parsed<T> = { records: T[] };

interface Kind<T extends { range: { start: number; end: number } }, F extends string> {
  noun: string;
  layout: Layout<F>;
  parse(bytes: Uint8Array, options: RecordFileOptions): Parsed<T>;
  version(record: T): string;
  /** The fields that identify and place a record, compared as-is after the edit. */
  same(a: T, b: T): boolean;
  label(record: T, index: number): string;
  /** What an edit names the record by (RecordEdit.identity). */
  identity(record: T): string;
  /** How Contexa's readers would misread the record's edited fields, or null. */
  misread(record: T, fields: readonly string[]): MisreadReport | null;
}

/** Whether two records say the same in these fields. */
const sameIn =
  <T>(keys: readonly (keyof T)[]) =>
  (a: T, b: T): boolean =>
    keys.every((k) => a[k] === b[k]);

const COMMITS: Kind<Commit, CommitField> = {
  noun: 'commit',
  layout: COMMIT_LAYOUT,
  parse: (bytes, o) => ({ records: parseCommits(bytes, { file: o.file, branch: o.branch, dialect: o.dialect }).commits }),
  version: commitVersion,
  same: sameIn(['commitId', 'timestamp', 'branchName', 'branchPurpose', 'previousProgressSummary', 'thisCommitContribution']),
  label: (c) => `commit ${c.commitId}`,
  identity: (c) => c.commitId,
  misread: commitMisread,
};

const STEPS: Kind<OtaStep, StepField> = {
  noun: 'step',
  layout: STEP_LAYOUT,
  parse: (bytes, o) => ({ records: parseLog(bytes, { file: o.file, dialect: o.dialect }).steps }),
  version: stepVersion,
  same: sameIn(['step', 'timestamp', 'observation', 'thought', 'action', 'mergedFrom']),
  label: (s, i) => `step ${s.step} (#${i + 1})`,
  identity: (s) => String(s.step),
  misread: stepMisread,
};

// The file is parsed again after the splice: every record must read back as before except the edited values, which
// read back exactly as typed; else the edit is refused, never half-done.
/** Edits fields of commits in commit.md bytes. */
export function editCommits(bytes: Uint8Array, options: RecordFileOptions, edits: readonly RecordEdit<CommitField>[]): EditOutcome<Commit> {
  return editRecords(COMMITS, bytes, options, edits);
}

/** Edits fields of steps in log.md bytes. */
export function editSteps(bytes: Uint8Array, options: RecordFileOptions, edits: readonly RecordEdit<StepField>[]): EditOutcome<OtaStep> {
  return editRecords(STEPS, bytes, options, edits);
}

function editRecords<T extends { range: { start: number; end: number } }, F extends string>(
  kind: Kind<T, F>,
  bytes: Uint8Array,
  options: RecordFileOptions,
  edits: readonly RecordEdit<F>[],
): EditOutcome<T> {
  const style = escapeStyleOf(options.dialect);
  const records = kind.parse(bytes, options).records;
  const splices: SpliceEdit[] = [];
  const wanted = new Map<number, Map<F, string>>();
  for (const edit of edits) {
    const record = records[edit.index];
    if (record === undefined) {
      return { ok: false, code: 'not-found', index: edit.index, message: `${options.file} has no ${kind.noun} #${edit.index + 1} (it has ${records.length}).` };
    }
    if (kind.version(record) !== edit.version) {
      return {
        ok: false,
        code: 'conflict',
        index: edit.index,
        current: record,
        message: `${cap(kind.label(record, edit.index))} changed on disk since the edit began.`,
      };
    }
    if (edit.identity !== undefined && edit.identity !== kind.identity(record)) {
      return {
        ok: false,
        code: 'conflict',
        index: edit.index,
        current: record,
        message: `${cap(kind.noun)} #${edit.index + 1} of ${options.file} is ${kind.label(record, edit.index)}, not the ${kind.noun} ${edit.identity} the edit names.`,
      };
    }
    if (wanted.has(edit.index)) return { ok: false, code: 'unrepresentable', index: edit.index, message: `${cap(kind.label(record, edit.index))} is edited twice in one request.` };
    const fields = new Map<F, string>();
    for (const [field, raw] of Object.entries(edit.fields) as [F, string | undefined][]) {
      if (raw === undefined || !(field in kind.layout.labelOf)) continue;
      const value = normalizeEditText(raw);
      if (value !== (record as unknown as Record<F, string>)[field]) fields.set(field, value);
    }
    wanted.set(edit.index, fields);
    const found = fieldSplices(kind, bytes, record, edit.index, fields, style);
    if (!Array.isArray(found)) return found;
    splices.push(...found);
  }
  const before = edits.map((e) => records[e.index]!);
  if (splices.length === 0) return { ok: true, bytes, changed: false, before, after: before };
  const spliced = splice(bytes, splices);
  if (!spliced.ok) return { ok: false, code: 'unrepresentable', message: spliced.reason };
  const reread = kind.parse(spliced.bytes, options).records;
  const problem = verify(kind, records, reread, wanted, options.dialect);
  if (problem !== null) return { ok: false, code: 'unrepresentable', message: problem };
  for (const [index, fields] of wanted) {
    const misread = fields.size > 0 ? kind.misread(reread[index]!, [...fields.keys()]) : null;
    if (misread) return { ok: false, code: 'misread', index, misread, message: misreadRefusal(misread) };
  }
  return { ok: true, bytes: spliced.bytes, changed: true, before, after: edits.map((e) => reread[e.index]!) };
}

/** The byte range of each edited field's value in the record, with its new escaped bytes. */
function fieldSplices<T extends { range: { start: number; end: number } }, F extends string>(
  kind: Kind<T, F>,
  bytes: Uint8Array,
  record: T,
  index: number,
  fields: Map<F, string>,
  style: EscapeStyle,
): SpliceEdit[] | EditFailure<T> {
  if (fields.size === 0) return [];
  const { start, end } = record.range;
  const decoded = decodeUtf8(bytes.subarray(start, end));
  const text = decoded.text;
  // The record runs from its header (if any) to its closing `---\n`, which the splitter must not see.
  const close = text.endsWith('\n---\n') ? text.length - 4 : text.length;
  const bodyAt = text.startsWith('### Step ') || text.startsWith('## Commit ') ? text.indexOf('\n') + 1 : 0;
  const split = new FieldSplitter(kind.layout.labels).split(text, bodyAt, close);
  const spans: { from: number; to: number; field: F; value: string }[] = [];
  for (const [field, value] of fields) {
    const k = kind.layout.labelOf[field];
    const raw = split.values[k];
    const at = split.starts[k]!;
    if (raw === null || raw === undefined || at < 0) {
      return { ok: false, code: 'unrepresentable', index, message: `${cap(kind.label(record, index))} has no ${kind.layout.labels[k]} field to edit.` };
    }
    if (unescapeValue(raw, style) !== (record as unknown as Record<F, string>)[field]) {
      return { ok: false, code: 'unrepresentable', index, message: `${cap(kind.label(record, index))}: its ${kind.layout.labels[k]} could not be located in the file's bytes.` };
    }
    spans.push({ from: at, to: at + raw.length, field, value });
  }
  spans.sort((a, b) => a.from - b.from);
  const cursor = new ByteCursor(decoded, start);
  const out: SpliceEdit[] = [];
  for (const s of spans) {
    const from = cursor.byteAt(s.from);
    const to = cursor.byteAt(s.to);
    out.push({ range: { start: from, end: to }, replacement: serializeValue(s.value, style) });
  }
  return out;
}

function verify<T extends { range: { start: number; end: number } }, F extends string>(
  kind: Kind<T, F>,
  old: readonly T[],
  reread: readonly T[],
  wanted: Map<number, Map<F, string>>,
  dialect: Dialect,
): string | null {
  const writer = dialect === 'unknown' ? 'this file' : `Contexa ${dialect}'s format`;
  if (reread.length !== old.length) {
    return `The new text would change how the file splits into ${kind.noun}s (${old.length} before, ${reread.length} after) in ${writer}: a line of it reads as a record boundary. Refused.`;
  }
  for (let i = 0; i < old.length; i++) {
    const fields = wanted.get(i);
    const expected = fields ? ({ ...old[i]!, ...Object.fromEntries(fields) } as T) : old[i]!;
    if (!kind.same(expected, reread[i]!)) {
      return fields
        ? `The new text cannot be written in ${writer} so that it reads back exactly as typed (for instance a \`---\` line, which Zig and Lua cannot escape). Refused.`
        : `The new text would change how ${kind.label(old[i]!, i)} reads in ${writer}. Refused.`;
    }
  }
  return null;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
