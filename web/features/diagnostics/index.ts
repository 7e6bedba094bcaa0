// The doctor's findings, each linked to its file and branch.
// The feature's only door: other features, the shell and App import from here, never from its files.
// Loaded on first use: the side panel opens on the context preview.
import { lazyView } from '../../ui/lazyView.tsx';

export const DiagnosticsPanel = lazyView(() => import('./DiagnosticsPanel.tsx').then((m) => m.DiagnosticsPanel), 'the diagnostics');
