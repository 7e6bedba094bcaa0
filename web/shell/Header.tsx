// The page's header: the brand, the workspace, search, and the connection badge.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { workspaceOptions } from '../api/queries.ts';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { LiveControl } from './LiveControl.tsx';
import { SearchBox } from '../features/search/index.ts';
import { FleetBackLink } from '../features/fleet/index.ts';
import { isExportedPage } from '../api/snapshot.ts';
import { useUrlValue } from '../state/useUrlState.ts';
import { Brand } from '../ui/Brand.tsx';
import { DrawerToggle } from './DrawerToggle.tsx';
import { rootLabel } from './rootLabel.ts';

export function Header() {
  const { data } = useQuery(workspaceOptions());
  // Several workspaces open in tabs: the folder name tells them apart.
  const folder = data?.root.split(/[\\/]/).filter(Boolean).pop();
  const shown = data ? rootLabel(data.root) : null;
  // An exported file has no live updates to pause or return to; a page showing the past returns to Live instead.
  const travelling = useUrlValue((u) => Boolean(u.at));
  useEffect(() => {
    document.title = folder ? `${folder} · gcc-studio` : 'gcc-studio';
  }, [folder]);
  return (
    <header className="header">
      <DrawerToggle which="branches" />
      <Brand />
      <FleetBackLink />
      <div className="workspace-path" title={shown?.ref ? `${shown.place}, ${shown.ref}` : data?.root}>
        <span className="mono path-clip" data-testid="workspace-path">
          <bdi>{shown?.place ?? '…'}</bdi>
        </span>
        {data?.readOnly && !isExportedPage ? <span className="pill pill-muted">read-only</span> : null}
      </div>
      <SearchBox />
      <div className="header-right">
        {isExportedPage ? null : <LiveControl travelling={travelling} />}
        <ConnectionBadge />
        <DrawerToggle which="side" />
      </div>
    </header>
  );
}
