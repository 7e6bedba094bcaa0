// The fleet page (every workspace under the roots) and the way back to it from one workspace's page.
// The fleet page loads on first use: a workspace's first screen never draws it (the page budget, issue 10).
import { lazyView } from '../../ui/lazyView.tsx';

export const FleetPage = lazyView(() => import('./FleetPage.tsx').then((m) => m.FleetPage), 'the fleet');
export { FleetBackLink } from './FleetBackLink.tsx';
