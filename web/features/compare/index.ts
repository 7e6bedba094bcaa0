// Compare a branch with its base and merge it: warnings, word diffs, the merge preview and the Merge button.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { ComparePanel } from './ComparePanel.tsx';
