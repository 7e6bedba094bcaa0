// The right-hand column: CONTEXT, the roadmap and the diagnostics.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { workspaceOptions } from '../api/queries.ts';
import { ContextPreview } from '../features/context/index.ts';
import { DiagnosticsPanel } from '../features/diagnostics/index.ts';
import { RoadmapPanel } from '../features/roadmap/index.ts';

type Tab = 'context' | 'roadmap' | 'diagnostics';

export function SidePanel() {
  const [tab, setTab] = useState<Tab>('context');
  const { data } = useQuery(workspaceOptions());
  const diagnostics = data?.diagnostics ?? [];
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const tabButton = (id: Tab, label: string, count?: number, tone?: string) => (
    <button type="button" role="tab" id={`side-tab-${id}`} aria-selected={tab === id} aria-controls={`side-panel-${id}`} onClick={() => setTab(id)}>
      {label}
      {count !== undefined ? <span className={`count${tone ? ` count-${tone}` : ''}`}>{count}</span> : null}
    </button>
  );
  return (
    <div className="side">
      <div className="tabs" role="tablist" aria-label="Workspace views">
        {tabButton('context', 'Context')}
        {tabButton('roadmap', 'Roadmap')}
        {tabButton('diagnostics', 'Diagnostics', diagnostics.length, errors ? 'error' : diagnostics.length ? 'warning' : undefined)}
      </div>
      <div className="tab-panel side-body" role="tabpanel" id={`side-panel-${tab}`} aria-labelledby={`side-tab-${tab}`}>
        {tab === 'context' ? <ContextPreview /> : tab === 'roadmap' ? <RoadmapPanel /> : <DiagnosticsPanel />}
      </div>
    </div>
  );
}
