import { currentWorkspace } from '../../api/workspaceParam.ts';
import './fleetBack.css';

/** On a fleet workspace's page: the way back to the fleet, and which workspace this is. */
export function FleetBackLink() {
  if (currentWorkspace === null) return null;
  return (
    // This page without `?ws=`: the fleet's page, on a server and in an exported file alike.
    <a className="btn fleet-back" href={location.pathname} data-testid="fleet-back" title="All workspaces">
      ← fleet · <span className="mono">{currentWorkspace}</span>
    </a>
  );
}
