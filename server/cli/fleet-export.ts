// `export ROOT --html` of a fleet (ROOT holds no .GCC/ of its own, workspaces below it, as `inspect` and `doctor`
// take it): one page holding the fleet's rows and each workspace's snapshot, opened by `?ws=` from the file itself.
import type { FleetResponse } from '../../shared/fleet/fleet-api.ts';
import type { FleetSnapshot } from '../../shared/snapshot.ts';
import { buildRow } from '../fleet/index.ts';
import { readOnce } from '../live/index.ts';
import { writeDiagnostics } from '../write/index.ts';
import { buildSnapshot, editsUpTo, ExportError } from './export.ts';
import { fleetWorkspaces } from './fleet-oneshot.ts';

interface ExportCommand {
  dir: string;
  at: string | null;
  format: 'html' | 'markdown';
}

/** The fleet's page data, or null when DIR is one workspace (or holds none: the single export says so). */
export async function fleetSnapshot(command: ExportCommand, exportedAt: string): Promise<FleetSnapshot | null> {
  const workspaces = await fleetWorkspaces(command.dir);
  if (!workspaces) return null;
  const names = workspaces.map((w) => w.id).join(', ');
  if (command.format === 'markdown') throw new ExportError(`${command.dir} holds ${workspaces.length} workspaces (${names}): --markdown exports one, name its folder`);
  if (command.at !== null) throw new ExportError(`${command.dir} holds ${workspaces.length} workspaces (${names}): --at exports one workspace's past, name its folder`);
  const rows: FleetResponse['rows'] = [];
  const snapshots: FleetSnapshot['workspaces'] = {};
  for (const [i, w] of workspaces.entries()) {
    const store = await readOnce({ gccDir: w.gccDir, root: w.projectDir });
    rows.push(buildRow({ id: w.id, path: w.projectDir, state: 'live', version: i + 1, view: store, activity: null, writeDiagnostics: await writeDiagnostics(w.gccDir, store) }));
    snapshots[w.id] = await buildSnapshot({ view: store, moment: null, exportedAt, edits: await editsUpTo(w.gccDir, null) });
  }
  const fleet: FleetResponse = { mode: 'fleet', epoch: `export-${exportedAt}`, roots: [...new Set(workspaces.map((w) => w.root))], rows, notices: [] };
  return { exportedAt, fleet, workspaces: snapshots };
}
