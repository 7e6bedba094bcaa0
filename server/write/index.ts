// Everything that writes into .GCC/: hand edits, merges, the writers' lock, start-up recovery and what writers left.
export { createEditService, type EditService, type EditServiceDeps } from './edits.ts';
export { createEditHistory, historyPathFor } from './edit-history.ts';
export { performMerge, previewMerge, type MergeArgs, type MergeContext } from './merge.ts';
export { mergeHistoryEntries, undoMerge } from './merge-undo.ts';
export { mergeNotices } from './merge-notices.ts';
export { EditError, MergeError, MergeWriteError, Refusal } from './refusals.ts';
export { recoverLeftovers, recoverWorkspace } from './recovery.ts';
export { writeDiagnostics } from './write-diagnostics.ts';
export { createMemoryWriter, type MemoryWriter, type MemoryWriterOptions, type WriterStore } from './agent-writes.ts';
export { authorsPathFor, createAuthorship, type Authored, type Authorship } from './authorship.ts';
export { AgentWriteError } from './refusals.ts';
