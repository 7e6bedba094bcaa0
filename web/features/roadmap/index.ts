// main.md, the roadmap, by its parts.
// The feature's only door: other features, the shell and App import from here, never from its files.
// Loaded on first use: the side panel opens on the context preview.
import { lazyView } from '../../ui/lazyView.tsx';

export const RoadmapPanel = lazyView(() => import('./RoadmapPanel.tsx').then((m) => m.RoadmapPanel), 'the roadmap');
