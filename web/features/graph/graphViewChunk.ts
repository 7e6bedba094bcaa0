// The Graph tab's code (a chunk of its own, with d3's shapes and the lane palette) behind one loader. A page opened on
// the tab asks for it as this module loads, beside the first screen's answers: the tab is drawn only once the
// workspace is in, and asked for then, on 5,000 branches it waited behind that first render's long task.
import { parseUrlState } from '../../state/urlState.ts';

export const loadGraphView = () => import('./GraphView.tsx').then((m) => m.GraphView);

if (typeof location !== 'undefined' && parseUrlState(location.search).tab === 'graph') void loadGraphView();
