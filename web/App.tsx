// Layout only: header, three columns. Data, live updates and keys live in hooks and components.
import { LiveControlsContext, useLiveUpdates } from './api/useLiveUpdates.ts';
import { BranchList, BranchView } from './features/branches/index.ts';
import { FleetPage } from './features/fleet/index.ts';
import { GraphPanel } from './features/graph/index.ts';
import { Timeline, TimeTravelScope } from './features/timeline/index.ts';
import { setDrawer, useOpenDrawer } from './shell/drawers.ts';
import { Header } from './shell/Header.tsx';
import { ServerNotice } from './shell/ServerNotice.tsx';
import { SidePanel } from './shell/SidePanel.tsx';
import { WorkspaceGate } from './shell/WorkspaceGate.tsx';
import { useAppMode } from './shell/useAppMode.ts';
import { useKeyboardShortcuts } from './state/useKeyboardShortcuts.ts';

export function App() {
  const mode = useAppMode();
  if (mode === 'fleet') return <FleetPage />;
  return mode === 'loading' ? <div className="app" /> : <WorkspaceApp />;
}

function WorkspaceApp() {
  const live = useLiveUpdates();
  useKeyboardShortcuts();
  // A narrow window folds the side columns into drawers (styles.css); this says which one is out.
  const drawer = useOpenDrawer();
  return (
    <LiveControlsContext.Provider value={live}>
      <div className="app">
        <Header />
        <ServerNotice />
        <Timeline />
        <TimeTravelScope>
          <WorkspaceGate>
            <div className={`columns${drawer ? ` drawer-${drawer}` : ''}`}>
              {drawer ? <div className="drawer-backdrop" aria-hidden="true" onClick={() => setDrawer(null)} /> : null}
              <aside className="col col-left" id="col-left" aria-label="Branches">
                <BranchList />
                <GraphPanel />
              </aside>
              <main className="col col-centre">
                <BranchView />
              </main>
              <aside className="col col-right" id="col-right" aria-label="Context, roadmap and diagnostics">
                <SidePanel />
              </aside>
            </div>
          </WorkspaceGate>
        </TimeTravelScope>
      </div>
    </LiveControlsContext.Provider>
  );
}
