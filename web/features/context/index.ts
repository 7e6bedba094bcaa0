// The CONTEXT preview: the text summary() returns at K, per dialect, with token counts.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { ContextPreview } from './ContextPreview.tsx';
