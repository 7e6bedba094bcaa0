// Hand edits saved after a moment, undone: the values then are the before-values of every later history entry, newest
// first.
import type { BranchMetadata, Commit, OtaStep } from '../../types.ts';
import type { EditedSteps } from '../read/step-list.ts';
import { encodeUtf8, decodeUtf8 } from '../read/bytes.ts';
import type { EditEntry, RecordChange } from '../write/edit.ts';
import { roadmapParts } from '../write/edit-roadmap.ts';
import { compareTime, recordKey, type TimeKey } from '../read/time-key.ts';

/** What the undo works on: a branch's records (already cut at the moment) and metadata. */
export interface EditableBranch {
  name: string;
  metadata: BranchMetadata | null;
  steps: EditedSteps;
  commits: Commit[];
}

export interface EditableWorkspace {
  roadmap: string;
  branches: Map<string, EditableBranch>;
}

/** The entries saved after `at`, newest first (entries without a readable time count as saved now). */
export function editsAfter(edits: readonly EditEntry[], at: TimeKey): EditEntry[] {
  return edits
    .map((entry, order) => ({ entry, order, key: recordKey(entry.at) }))
    .filter((e) => e.key === null || compareTime(e.key, at) > 0)
    .sort((a, b) => (a.key && b.key ? compareTime(b.key, a.key) : 0) || b.order - a.order)
    .map((e) => e.entry);
}

/** Puts back each change's before-values; returns why a value could not be put back exactly. */
export function undoEdits(ws: EditableWorkspace, entries: readonly EditEntry[]): string[] {
  const reasons: string[] = [];
  for (const entry of entries) for (const change of entry.changes) undoChange(ws, entry, change, reasons);
  return reasons;
}

function undoChange(ws: EditableWorkspace, entry: EditEntry, change: RecordChange, reasons: string[]): void {
  const t = change.target;
  if (t.kind === 'roadmap') {
    ws.roadmap = undoRoadmapPart(ws.roadmap, t.index, change, entry, reasons);
    return;
  }
  const branch = ws.branches.get(t.branch);
  if (!branch) return;
  if (t.kind === 'metadata') {
    if (branch.metadata) branch.metadata = { ...branch.metadata, ...pick(change.before, ['purpose', 'status']) };
    return;
  }
  const record: OtaStep | Commit | undefined = t.kind === 'step' ? (t.index < branch.steps.length ? branch.steps.at(t.index) : undefined) : branch.commits[t.index];
  // A record past the cut did not exist yet: its edit has nothing to undo.
  if (!record) return;
  const fields = record as unknown as Record<string, unknown>;
  if (Object.entries(change.after).some(([k, v]) => fields[k] !== v)) {
    reasons.push(`${entry.file}: ${t.kind} ${t.index + 1} no longer holds what the edit of ${entry.at} saved; its earlier values are put back anyway`);
  }
  if (t.kind === 'step') branch.steps.set(t.index, { ...(record as OtaStep), ...change.before });
  else branch.commits[t.index] = { ...(record as Commit), ...change.before };
}

function undoRoadmapPart(raw: string, index: number, change: RecordChange, entry: EditEntry, reasons: string[]): string {
  const before = change.before['text'];
  if (before === undefined) return raw;
  const bytes = encodeUtf8(raw);
  const part = roadmapParts(bytes)[index];
  if (!part?.textRange) {
    reasons.push(`main.md: part ${index} edited at ${entry.at} cannot be located; its earlier text is not shown`);
    return raw;
  }
  if (change.after['text'] !== undefined && part.text !== change.after['text']) {
    reasons.push(`main.md: part ${index} no longer holds what the edit of ${entry.at} saved; its earlier text is put back anyway`);
  }
  const head = decodeUtf8(bytes.subarray(0, part.textRange.start)).text;
  const tail = decodeUtf8(bytes.subarray(part.textRange.end)).text;
  return head + before + tail;
}

function pick(values: Record<string, string>, keys: readonly string[]): Partial<BranchMetadata> {
  const out: Record<string, string> = {};
  for (const k of keys) if (values[k] !== undefined) out[k] = values[k]!;
  return out as Partial<BranchMetadata>;
}
