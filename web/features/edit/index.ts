// Hand edits in place: the editors other features put beside a value, the edited marks with Undo, and who may edit.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { DetachedDrafts } from './DetachedDrafts.tsx';
export { keepsStudioRecords, useCanEdit } from './EditAccess.ts';
export { EditBranchPurpose, EditBranchStatus } from './EditBranchMetadata.tsx';
export { EditCommitField } from './EditCommitField.tsx';
export { EditRoadmap } from './EditRoadmap.tsx';
export { EditStepField } from './EditStepField.tsx';
export { EditedMark } from './EditedMark.tsx';
