// Search across branches: the box in the header and its results.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { SearchBox } from './SearchBox.tsx';
