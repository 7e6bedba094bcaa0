// The keys of metadata.yaml and the BranchMetadata fields they fill: what its readers (metadata.ts and the
// files beside it) and its writers (../write/metadata-write.ts) share.

import type { BranchMetadata } from '../../types.ts';

/** The keys as they are spelled in metadata.yaml. */
export const METADATA_KEYS = ['name', 'purpose', 'created_from', 'created_at', 'status', 'merged_into', 'merged_at'] as const;
export type MetadataKey = (typeof METADATA_KEYS)[number];

const FIELD_OF_KEY: Record<MetadataKey, keyof BranchMetadata> = {
  name: 'name',
  purpose: 'purpose',
  created_from: 'createdFrom',
  created_at: 'createdAt',
  status: 'status',
  merged_into: 'mergedInto',
  merged_at: 'mergedAt',
};
export const NULLABLE_KEYS: ReadonlySet<MetadataKey> = new Set(['merged_into', 'merged_at']);
export const TIMESTAMP_KEYS: ReadonlySet<MetadataKey> = new Set(['created_at', 'merged_at']);
export const SORTED_KEYS: readonly MetadataKey[] = [...METADATA_KEYS].sort();
/** The keys in struct order without merged_*: what Go writes (`omitempty`) for a branch not merged. */
export const STRUCT_KEYS_WITHOUT_MERGED: readonly MetadataKey[] = METADATA_KEYS.filter((key) => !NULLABLE_KEYS.has(key));

export function valueOf(meta: BranchMetadata, key: MetadataKey): string | null {
  const value = meta[FIELD_OF_KEY[key]];
  return value === null || value === undefined ? null : String(value);
}

export function emptyMetadata(status: string): BranchMetadata {
  return { name: '', purpose: '', createdFrom: '', createdAt: '', status, mergedInto: null, mergedAt: null };
}

export function assign(meta: BranchMetadata, key: string, value: string | null): void {
  if (!(METADATA_KEYS as readonly string[]).includes(key)) return;
  const k = key as MetadataKey;
  const field = FIELD_OF_KEY[k];
  if (NULLABLE_KEYS.has(k)) (meta as unknown as Record<string, string | null>)[field] = value;
  else (meta as unknown as Record<string, string>)[field] = value ?? (k === 'status' ? 'active' : '');
}
