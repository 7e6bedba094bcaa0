// The branch list and the branch view (header, Commits / Log / Compare tabs).
// The feature's only door: other features, the shell and App import from here, never from its files.
export { BranchList } from './BranchList.tsx';
export { BranchView } from './BranchView.tsx';
