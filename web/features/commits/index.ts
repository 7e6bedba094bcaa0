// The commit cards of one branch.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { CommitList } from './CommitList.tsx';
