// `inspect` and `doctor` over a fleet: one entry per workspace found under DIR, and doctor fails when any has an error.
import { readOnce, type RecordsView } from '../live/index.ts';
import { isDir, locateGccDir } from '../fs/index.ts';
import { writeDiagnostics } from '../write/index.ts';
import { formatDiagnostics, hasErrors, inspectJson, inspectText } from './output.ts';
import { DEFAULT_SCAN_DEPTH } from './args.ts';
import { discoverWorkspaces, type DiscoveredWorkspace } from '../fleet/index.ts';

type OneShot = { kind: 'inspect'; dir: string; json: boolean; depth?: number } | { kind: 'doctor'; dir: string; json?: boolean; depth?: number };

interface Io {
  out: (text: string) => void;
}

const load = (w: DiscoveredWorkspace): Promise<RecordsView> => readOnce({ gccDir: w.gccDir, root: w.projectDir });

/** The workspaces the command covers: null when DIR is one workspace (the single-workspace output applies). */
async function workspacesFor(command: OneShot): Promise<DiscoveredWorkspace[] | null> {
  const { projectDir, gccDir } = await locateGccDir(command.dir);
  if (await isDir(gccDir)) return command.kind === 'doctor' && command.json ? [{ id: '.', root: projectDir, projectDir, gccDir }] : null;
  return fleetWorkspaces(command.dir, command.depth);
}

/** The workspaces under DIR when it holds no .GCC/ of its own (a fleet, as `gcc-studio DIR` serves it); null otherwise. */
export async function fleetWorkspaces(dir: string, depth = DEFAULT_SCAN_DEPTH): Promise<DiscoveredWorkspace[] | null> {
  const { projectDir, gccDir } = await locateGccDir(dir);
  if (await isDir(gccDir)) return null;
  const found = await discoverWorkspaces({ roots: [projectDir], maxDepth: depth });
  return found.workspaces.length ? found.workspaces : null;
}

/** Runs the command over a fleet and returns its exit code, or null when DIR is a single workspace. */
export async function runFleetOneShot(command: OneShot, io: Io): Promise<number | null> {
  const workspaces = await workspacesFor(command);
  if (!workspaces) return null;
  if (command.kind === 'inspect') {
    const entries: unknown[] = [];
    for (const w of workspaces) {
      const store = await load(w);
      if (command.json) entries.push({ workspace: w.id, dir: w.projectDir, ...inspectJson(store) });
      else io.out(`[${w.id}] ${inspectText(store)}`);
    }
    if (command.json) io.out(`${JSON.stringify(entries, null, 2)}\n`);
    return 0;
  }
  let anyError = false;
  const entries: unknown[] = [];
  for (const w of workspaces) {
    const store = await load(w);
    const diagnostics = [...store.workspace().diagnostics, ...(await writeDiagnostics(w.gccDir, store))];
    const errors = hasErrors(diagnostics);
    anyError ||= errors;
    if (command.json) entries.push({ workspace: w.id, dir: w.projectDir, errors, diagnostics });
    else io.out(`[${w.id}] ${w.projectDir}\n${formatDiagnostics(diagnostics)}`);
  }
  if (command.json) io.out(`${JSON.stringify(entries, null, 2)}\n`);
  return anyError ? 1 : 0;
}
