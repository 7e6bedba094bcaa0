// Compare a branch with its base and merge it: warnings, word diffs, the merge preview and the Merge button.
// The feature's only door: other features, the shell and App import from here, never from its files.
// Loaded on first use (with the diff library): the first screen never draws it.
import { lazyView } from '../../ui/lazyView.tsx';

export const ComparePanel = lazyView(() => import('./ComparePanel.tsx').then((m) => m.ComparePanel), 'the comparison');
