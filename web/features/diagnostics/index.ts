// The doctor's findings, each linked to its file and branch.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { DiagnosticsPanel } from './DiagnosticsPanel.tsx';
