// Everything that writes into .GCC/: hand edits, merges, the writers' lock, start-up recovery and what writers left.
export { createEditService, describeTarget, EditError, type EditService, type EditServiceDeps } from './edits.ts';
export { historyPathFor } from './edit-history.ts';
export { MergeError, MergeWriteError, performMerge, previewMerge, type MergeArgs, type MergeContext } from './merge.ts';
export { mergeNotices } from './merge-notices.ts';
export { Refusal } from './refusal.ts';
export { recoverWorkspace } from './recovery.ts';
export { writeDiagnostics } from './write-diagnostics.ts';
