// Which values a hand edit may change, and how typed text is normalised: the small part of the edit contract the page
// needs. Kept apart from the splicing (edit-records.ts, edit-metadata.ts) so the page does not bundle the parsers and
// the YAML library just to know a field's name.

export type CommitField = 'branchPurpose' | 'previousProgressSummary' | 'thisCommitContribution';
export type StepField = 'observation' | 'thought' | 'action';
export const COMMIT_FIELDS: readonly CommitField[] = ['branchPurpose', 'previousProgressSummary', 'thisCommitContribution'];
export const STEP_FIELDS: readonly StepField[] = ['observation', 'thought', 'action'];

export type MetadataField = 'purpose' | 'status';
export const METADATA_FIELDS: readonly MetadataField[] = ['purpose', 'status'];
/** Statuses a user may set; `merged` is left to merges (it goes with merged_into / merged_at). */
export const EDITABLE_STATUSES = ['active', 'abandoned'] as const;

/** What a page or script sends is normalised the way a textarea and the writers agree on: LF, no trailing blanks. */
export function normalizeEditText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}
