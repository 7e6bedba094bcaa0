// Hand edits of a branch's purpose and status in metadata.yaml, written as the file's own writer would write it, or
// refused when the result would not read back as the old metadata with the new values.
import type { BranchMetadata, Dialect } from '../../types.ts';
import { encodeUtf8 } from '../read/bytes.ts';
import type { EditOutcome } from './edit-records.ts';
import { metadataVersion } from './edit-version.ts';
import { purposeMisreadProblem } from './agent-records.ts';
import { parseMetadata } from '../read/metadata.ts';
import { serializeMetadata } from './metadata-write.ts';

import { EDITABLE_STATUSES, type MetadataField } from './edit.ts';

export { EDITABLE_STATUSES, METADATA_FIELDS, type MetadataField } from './edit.ts';

const KEY_OF: Record<MetadataField, string> = { purpose: 'purpose', status: 'status' };

export interface MetadataEdit {
  version: string;
  fields: Partial<Record<MetadataField, string>>;
}

export interface MetadataFileOptions {
  file: string;
  dialect: Dialect;
}

/**
 * Every writer rewrites the whole file: when a writer's serializer reproduces the current bytes exactly, the new file is
 * that serializer's output (its key order, quoting, folding, timestamp spelling); a file no writer reproduces
 * (hand-made) gets only the edited keys' lines replaced.
 */
export function editMetadata(bytes: Uint8Array | null, options: MetadataFileOptions, edit: MetadataEdit): EditOutcome<BranchMetadata> & { writer?: Dialect } {
  const parsed = parseMetadata(bytes, options.file);
  const meta = parsed.metadata;
  if (bytes === null || meta === null) {
    return { ok: false, code: 'not-found', message: `${options.file} is missing or unreadable: there is no metadata to edit.` };
  }
  if (metadataVersion(meta) !== edit.version) {
    return { ok: false, code: 'conflict', current: meta, message: `${options.file} changed on disk since the edit began.` };
  }
  const next: BranchMetadata = { ...meta };
  const changed: MetadataField[] = [];
  if (edit.fields.purpose !== undefined) {
    // A purpose is one line in every writer's reader; newlines would be folded or lost.
    const purpose = edit.fields.purpose.replace(/\s*[\r\n]+\s*/g, ' ').trim();
    if (purpose !== meta.purpose) {
      // Each later commit of the branch carries it into commit.md: a line the readers misread there is refused now.
      const misread = purposeMisreadProblem(meta.name || branchOfFile(options.file), purpose, meta.createdAt ?? '');
      if (misread) return { ok: false, code: 'unrepresentable', message: misread };
      next.purpose = purpose;
      changed.push('purpose');
    }
  }
  if (edit.fields.status !== undefined && edit.fields.status !== meta.status) {
    if (!(EDITABLE_STATUSES as readonly string[]).includes(edit.fields.status)) {
      return { ok: false, code: 'unrepresentable', message: `status must be one of ${EDITABLE_STATUSES.join(', ')}.` };
    }
    next.status = edit.fields.status;
    changed.push('status');
  }
  if (changed.length === 0) return { ok: true, bytes, changed: false, before: [meta], after: [meta] };

  const text = new TextDecoder().decode(bytes);
  const writers = parsed.style.writers;
  const writer = writers.includes(options.dialect) ? options.dialect : writers[0];
  let out: string | null = null;
  if (writer !== undefined) out = serializeMetadata(next, writer);
  else out = replaceKeyLines(text, next, changed, options.dialect);
  if (out === null) {
    return { ok: false, code: 'unrepresentable', message: `${options.file} is laid out in a way no Contexa writer produces; edit it by hand.` };
  }
  const outBytes = encodeUtf8(out);
  const reread = parseMetadata(outBytes, options.file).metadata;
  if (reread === null || metadataVersion(reread) !== metadataVersion(next)) {
    return { ok: false, code: 'unrepresentable', message: `The new value would not read back the same from ${options.file}. Refused.` };
  }
  return { ok: true, bytes: outBytes, changed: true, before: [meta], after: [reread], ...(writer ? { writer } : {}) };
}

const KEY_LINE = /^[A-Za-z_][A-Za-z0-9_]*:/;

/** The lines of `key` (its `key:` line and any continuation lines) in a metadata text, as [start, end) line indices. */
function keyLines(lines: readonly string[], key: string): [number, number] | null {
  const at = lines.findIndex((l) => l.startsWith(`${key}:`));
  if (at === -1) return null;
  let end = at + 1;
  while (end < lines.length && lines[end] !== '' && !KEY_LINE.test(lines[end]!)) end++;
  return [at, end];
}

/** Replaces only the changed keys' lines with how the branch's writer spells them. */
function replaceKeyLines(text: string, next: BranchMetadata, changed: readonly MetadataField[], dialect: Dialect): string | null {
  const lines = text.split('\n');
  const fresh = serializeMetadata(next, dialect).split('\n');
  for (const field of changed) {
    const key = KEY_OF[field];
    const old = keyLines(lines, key);
    const neu = keyLines(fresh, key);
    if (old === null || neu === null) return null;
    lines.splice(old[0], old[1] - old[0], ...fresh.slice(neu[0], neu[1]));
  }
  return lines.join('\n');
}

/** `branches/NAME/metadata.yaml` → NAME (a file whose name field is empty). */
const branchOfFile = (file: string): string => file.split('/').at(-2) ?? file;
