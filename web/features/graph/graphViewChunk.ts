// The Graph tab's code (a chunk of its own, with d3's shapes and the lane palette) behind one loader: the side column
// asks for it as soon as the page opens on the tab, so it loads beside the first screen's answers, not after them.
export const loadGraphView = () => import('./GraphView.tsx').then((m) => m.GraphView);
