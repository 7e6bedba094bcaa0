// What the doctor adds to the format problems: the state writers leave behind, values whose lines Contexa's readers
// take for record headers or cut a record at, and records written to a branch after its merge. Nothing here changes a file.
import { decodeUtf8 } from '../../shared/gcc/read/bytes.ts';
import { branchFilePath } from '../../shared/gcc/read/paths.ts';
import { commitMisread, describeMisread, stepMisread, type MisreadReport } from '../../shared/gcc/dialects/misread.ts';
import type { Commit, Diagnostic, OtaStep } from '../../shared/types.ts';
import type { StepList } from '../../shared/gcc/read/step-list.ts';
import { readInside } from '../fs/index.ts';
import type { WorkspaceView } from '../live/index.ts';
import { appendedAfterMerge } from './after-merge.ts';
import { describeHolder, isStaleOfOurs } from './lock-holders.ts';
import { mergeNotices } from './merge-notices.ts';
import { currentLocks, findLeftovers } from './recovery.ts';

// What a value holds before misread.ts looks closer: a header line's start, or dashes a `---\n` split may cut at.
const MAYBE_STRUCTURE = /\n(?:### Step|## Commit)|---/;

/** 1-based line of byte `at` in `bytes`. */
function lineAt(bytes: Uint8Array, at: number): number {
  let line = 1;
  for (let i = 0; i < at && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** The line of the first offending line inside the record's bytes (else the record's first line). */
function lineOf(bytes: Uint8Array | null, range: { start: number; end: number }, report: MisreadReport): number {
  if (!bytes) return 0;
  const first = lineAt(bytes, range.start);
  const text = decodeUtf8(bytes.subarray(range.start, range.end)).text;
  const wanted = report.fields[0]?.lines[0];
  // A value's first line sits on its label's line (`**Thought:** ---`), found before the record's own closing `---`.
  const index = wanted === undefined ? -1 : text.split('\n').findIndex((l) => l === wanted || l.endsWith(`:** ${wanted}`));
  return first + Math.max(0, index);
}

/** The steps not proved plain: only those can hold a line that looks like structure (a plain value has no `##`, no cut `---`). */
function unprovedSteps(list: StepList | null): OtaStep[] {
  const out: OtaStep[] = [];
  for (let i = 0; i < (list?.length ?? 0); i++) if (list!.plainShapeAt(i) < 0) out.push(list!.at(i)!);
  return out;
}

async function misreadDiagnostics(gccDir: string, view: WorkspaceView): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const b of view.workspace().branches) {
    const checks: [string, { range: { start: number; end: number } }[], (r: never) => MisreadReport | null][] = [
      [branchFilePath(b.name, 'commit'), view.branch(b.name)?.commits ?? [], commitMisread as (r: never) => MisreadReport | null],
      [branchFilePath(b.name, 'log'), unprovedSteps(view.stepList(b.name)), stepMisread as (r: never) => MisreadReport | null],
    ];
    for (const [file, records, check] of checks) {
      const suspects = records.filter((r) => Object.values(r as Commit | OtaStep).some((v) => typeof v === 'string' && MAYBE_STRUCTURE.test(v)));
      if (suspects.length === 0) continue;
      const read = await readInside(gccDir, file);
      for (const record of suspects) {
        const report = check(record as never);
        if (!report) continue;
        out.push({ file, line: lineOf(read.ok ? read.bytes : null, record.range, report), severity: 'warning', code: 'misread-by-readers', message: describeMisread(report) });
      }
    }
  }
  return out;
}

/** The doctor's findings about writers' leftovers and misread values, beside the store's format diagnostics. */
export async function writeDiagnostics(gccDir: string, view: WorkspaceView): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const n of await mergeNotices(gccDir, view)) {
    out.push({ file: n.target ? `branches/${n.target}` : '.', line: 0, severity: n.severity, code: 'partial-merge', message: n.message });
  }
  for (const holder of await currentLocks(gccDir)) {
    const stale = isStaleOfOurs(holder) || (!holder.owner && holder.ageMs > 10_000) || holder.link;
    out.push({ file: holder.name, line: 0, severity: stale ? 'warning' : 'info', code: isStaleOfOurs(holder) ? 'stale-lock' : 'lock-held', message: `${describeHolder(holder)}${isStaleOfOurs(holder) ? '; gcc-studio removes it when it starts' : ''}` });
  }
  for (const l of await findLeftovers(gccDir)) {
    out.push({ file: l.file, line: 0, severity: 'warning', code: 'leftover-temp', message: `left by a gcc-studio that was killed mid-write (${l.kind === 'temp-file' ? 'an unfinished replace' : 'a lock it was letting go of'}); gcc-studio removes it when it starts` });
  }
  out.push(...(await misreadDiagnostics(gccDir, view)));
  out.push(...appendedAfterMerge(view));
  return out;
}
