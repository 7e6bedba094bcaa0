// Many workspaces at once: which folders make a fleet, finding the workspaces under them, and the fleet's server.
export { fleetRoots, type FleetChoice } from './fleet-roots.ts';
export { discoverWorkspaces, type DiscoveredWorkspace } from './discovery.ts';
/** The fleet's server (its app, members, rows and stream): loaded only when a fleet is served. */
export const loadFleetServer = () => import('./fleet-serve.ts');
export { buildRow } from './fleet-row.ts';
export type { FleetScanStart } from './fleet.ts';
export type { FleetScan, ScanChange } from './fleet-scan.ts';
