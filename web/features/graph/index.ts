// The branch graph: a pure lane layout, the full view (the centre's Graph tab, loaded on first use) and the side
// column's minimap of it.
// The feature's only door: other features, the shell and App import from here, never from its files.
import { lazyView } from '../../ui/lazyView.tsx';
import { loadGraphView } from './graphViewChunk.ts';

export { GraphPanel } from './GraphPanel.tsx';
export const GraphView = lazyView(loadGraphView, 'the graph');
