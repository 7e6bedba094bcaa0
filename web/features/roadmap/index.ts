// main.md, the roadmap, by its parts.
// The feature's only door: other features, the shell and App import from here, never from its files.
export { RoadmapPanel } from './RoadmapPanel.tsx';
