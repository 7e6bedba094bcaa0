import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { workspaceOptions } from '../api/queries.ts';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { PauseSwitch } from './PauseSwitch.tsx';
import { SearchBox } from '../features/search/index.ts';
import { FleetBackLink } from '../features/fleet/index.ts';

export function Header() {
  const { data } = useQuery(workspaceOptions());
  // Several workspaces open in tabs: the folder name tells them apart.
  const folder = data?.root.split(/[\\/]/).filter(Boolean).pop();
  useEffect(() => {
    document.title = folder ? `${folder} · gcc-studio` : 'gcc-studio';
  }, [folder]);
  return (
    <header className="header">
      <div className="brand" aria-label="gcc-studio">
        <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6.5v3M6.3 11.2 9.8 9" stroke="var(--muted)" strokeWidth="1.4" fill="none" />
          <circle cx="4" cy="4" r="2.5" fill="var(--merged)" />
          <circle cx="4" cy="12" r="2.5" fill="var(--active)" />
          <circle cx="12" cy="8" r="2.5" fill="var(--accent)" />
        </svg>
        <span className="brand-name">gcc-studio</span>
      </div>
      <FleetBackLink />
      <div className="workspace-path" title={data?.root}>
        <span className="mono path-clip">
          <bdi>{data?.root ?? '…'}</bdi>
        </span>
        {data?.readOnly ? <span className="pill pill-muted">read-only</span> : null}
      </div>
      <SearchBox />
      <div className="header-right">
        <PauseSwitch />
        <ConnectionBadge />
      </div>
    </header>
  );
}
