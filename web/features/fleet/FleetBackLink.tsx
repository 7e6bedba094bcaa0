import { currentWorkspace } from '../../api/workspaceParam.ts';

/** On a fleet workspace's page: the way back to the fleet, and which workspace this is. */
export function FleetBackLink() {
  if (currentWorkspace === null) return null;
  return (
    <a className="btn fleet-back" href="./" data-testid="fleet-back" title="All workspaces">
      ← fleet · <span className="mono">{currentWorkspace}</span>
    </a>
  );
}
