// The branch graph: a pure lane layout and its d3 view.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { GraphPanel } from './GraphPanel.tsx';
