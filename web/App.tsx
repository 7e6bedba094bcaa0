// Layout only: header, three columns. Data, live updates and keys live in hooks and components.
import { LiveControlsContext, useLiveUpdates } from './api/useLiveUpdates.ts';
import { BranchList } from './components/BranchList.tsx';
import { BranchView } from './components/BranchView.tsx';
import { GraphPanel } from './components/GraphPanel.tsx';
import { Header } from './components/Header.tsx';
import { SidePanel } from './components/SidePanel.tsx';
import { WorkspaceGate } from './components/WorkspaceGate.tsx';
import { useKeyboardShortcuts } from './state/useKeyboardShortcuts.ts';

export function App() {
  const live = useLiveUpdates();
  useKeyboardShortcuts();
  return (
    <LiveControlsContext.Provider value={live}>
      <div className="app">
        <Header />
        <WorkspaceGate>
          <div className="columns">
            <aside className="col col-left" aria-label="Branches">
              <BranchList />
              <GraphPanel />
            </aside>
            <main className="col col-centre">
              <BranchView />
            </main>
            <aside className="col col-right" aria-label="Context, roadmap and diagnostics">
              <SidePanel />
            </aside>
          </div>
        </WorkspaceGate>
      </div>
    </LiveControlsContext.Provider>
  );
}
