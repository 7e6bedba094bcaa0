// The merge's rewrite of the source branch's metadata.yaml: status merged, into the target, at the merge's time, in
// the YAML the target's writer emits (as every Contexa merge does), and what deserves saying about it: another
// writer's file rewritten in this writer's style, Lua's doubled quotes, a file that cannot be read.
import type { BranchMetadata } from '../../types.ts';
import { decodeUtf8, encodeUtf8 } from '../read/bytes.ts';
import { branchFilePath } from '../read/paths.ts';
import { label, type MergeDialect, type MergeInput, type MergeWrite } from './merge-plan.ts';
import { serializeMetadata } from './metadata-write.ts';

/** The rewrite of the source's metadata.yaml as merged, and its notes: the new metadata (null: not rewritten). */
export function planMetadataRewrite(input: MergeInput, sourceMeta: BranchMetadata | null, dialect: MergeDialect, writes: MergeWrite[], notes: string[]): BranchMetadata | null {
  const source = input.source.name;
  let metadata: BranchMetadata | null = null;
  if (sourceMeta) {
    metadata = { ...sourceMeta, status: 'merged', mergedInto: input.target.name, mergedAt: input.timestamps.mergedAt };
    const bytes = encodeUtf8(serializeMetadata(metadata, dialect));
    writes.push({
      kind: 'metadata',
      file: branchFilePath(source, 'metadata'),
      mode: 'replace',
      baseSize: input.source.metadata?.length ?? 0,
      bytes,
      text: decodeUtf8(bytes).text,
      previousText: decodeUtf8(input.source.metadata ?? new Uint8Array()).text,
    });
    const own = input.source.dialect && input.source.dialect !== 'unknown' ? input.source.dialect : null;
    if (own && own !== dialect && serializeMetadata(metadata, own) !== decodeUtf8(bytes).text) {
      // Faithful to Contexa: the target's writer dumps the whole file its own way, so more than three fields change.
      notes.push(
        `\`${source}\`'s metadata.yaml was written by Contexa ${label(own)}; Contexa ${label(dialect)}'s merge rewrites the whole file in its own YAML style (its key order and quoting), not only the status, as the real merge does.`,
      );
    }
    if (dialect === 'lua' && /''/.test(sourceMeta.purpose)) {
      notes.push("Contexa Lua never un-doubles the `''` in metadata.yaml: each rewrite doubles the quotes in the purpose again.");
    }
  } else {
    notes.push(`\`${source}\` has no readable metadata.yaml: the merge leaves it as it is, so the branch will not show as merged.`);
  }
  return metadata;
}
