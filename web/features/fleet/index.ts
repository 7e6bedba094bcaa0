// The fleet page (every workspace under the roots) and the way back to it from one workspace's page.
export { FleetPage } from './FleetPage.tsx';
export { FleetBackLink } from './FleetBackLink.tsx';
