// One batch of watcher paths processed: what they name is read again into the workspace model, each change announced
// as it is made.
import { BRANCHES_DIR, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import { BranchEntry } from './branch-entry.ts';
import type { Dormancy } from './dormancy.ts';
import { readNewBranch, refreshBranch } from './branch-refresh.ts';
import type { ContextCache } from '../context/index.ts';
import type { Announcer } from './event-gate.ts';
import { readRoadmap } from './format.ts';
import { diskSource, MAX_SMALL_FILE_BYTES, listBranchFolders, type BranchFolderEntry, type GccSource, type ReadingAhead } from '../fs/index.ts';
import { planWork } from './work-plan.ts';
import type { WorkspaceModel } from './workspace-model.ts';
import { join } from 'node:path';

/** The store's parts a batch changes. */
export interface RefreshParts {
  /** False for a one-shot read (tracked-file.ts TrackedFileOptions.watched). */
  watched?: boolean;
  gccDir: string;
  /** Where .GCC/'s bytes come from; default: the folder `gccDir` on disk. */
  source?: GccSource;
  model: WorkspaceModel;
  contexts: ContextCache;
  /** Where each change is announced: the store's gate, or nowhere (a one-shot read: event-gate.ts SILENT). */
  gate: Announcer;
  /** Read only this branch (the one-shot `context`): the others are listed, never read. */
  only?: string;
  /** Where untouched branches' files are put to sleep (none: a one-shot read, which keeps nothing). */
  dormancy?: Dormancy;
  /** New branches are left awake for the sweep to put to sleep (StoreOptions.awakeAtStart). */
  awakeAtStart?: boolean;
}

const sourceOf = (parts: RefreshParts): GccSource => (parts.source ??= diskSource(parts.gccDir));

async function refreshRoadmap(parts: RefreshParts): Promise<void> {
  const { model, gate } = parts;
  const source = sourceOf(parts);
  const read = await source.read(join(source.root, ROADMAP_FILE), MAX_SMALL_FILE_BYTES);
  const next = readRoadmap(read.ok ? read.bytes : null);
  if (!read.ok && !read.missing) next.diagnostics.push({ file: ROADMAP_FILE, line: 0, severity: 'error', code: 'unreadable-file', message: read.message });
  model.roadmapDiagnostics = next.diagnostics;
  if (next.text !== model.roadmap) {
    model.roadmap = next.text;
    gate.publish({ type: 'roadmap-changed', text: model.roadmap });
  }
}

/** Brings the set of branches in line with branches/; new ones are read whole before they are announced. */
async function refreshListing(parts: RefreshParts): Promise<void> {
  const { model, contexts, gate } = parts;
  const source = sourceOf(parts);
  model.lockFile = (await source.read(join(source.root, '.lock'), MAX_SMALL_FILE_BYTES)).ok;
  const listing = await listBranchFolders(source);
  model.listingDiagnostics = listing.diagnostics;
  const names = new Set(listing.branches.map((b) => b.name));
  for (const name of [...model.branches.keys()]) {
    if (!names.has(name)) {
      model.branches.delete(name);
      contexts.dropBranch(name);
      gate.publish({ type: 'branch-removed', branch: name });
    }
  }
  // New branches are read READ_AHEAD at a time (their file reads overlap: 500 branches are 1,500 files), and added
  // and announced in name order.
  const fresh = listing.branches.filter((folder) => !model.branches.has(folder.name) && (parts.only === undefined || folder.name === parts.only));
  const ahead = source.readAhead?.(join(source.root, BRANCHES_DIR), fresh.map((f) => f.name));
  try {
    await readFresh(parts, fresh, ahead);
  } finally {
    ahead?.end();
  }
}

async function readFresh(parts: RefreshParts, fresh: BranchFolderEntry[], ahead: ReadingAhead | undefined): Promise<void> {
  const { model, gate, watched } = parts;
  const source = sourceOf(parts);
  for (let i = 0; i < fresh.length; i += READ_AHEAD) {
    ahead?.begin(i + READ_AHEAD);
    const read = await Promise.all(
      fresh.slice(i, i + READ_AHEAD).map(async (folder) => {
        const b = new BranchEntry(folder.name, folder.dir, watched ?? true, source, parts.dormancy);
        await readNewBranch(b, model);
        // Its records die young: only what a summary needs stays until someone asks for the rest.
        if (parts.dormancy && !parts.awakeAtStart) b.sleep();
        return b;
      }),
    );
    for (const b of read) {
      if (model.branches.has(b.name)) continue;
      model.branches.set(b.name, b);
      // A first read's gate is shut: its events are dropped, so their summaries are not made (5,000 at a wide start).
      if (gate.open) gate.publish({ type: 'branch-added', branch: b.name, summary: b.summary() });
    }
  }
}

const READ_AHEAD = 16;

async function fullRefresh(parts: RefreshParts): Promise<void> {
  const { model, contexts, gate } = parts;
  const exists = await sourceOf(parts).present();
  if (!exists) {
    if (model.present || model.branches.size > 0) {
      model.forget();
      contexts.clear();
      gate.publish({ type: 'workspace-reset', present: false });
    }
    return;
  }
  if (!model.present) {
    // Back (or there for the first time): read everything quietly, then say once that it all changed.
    await gate.quietly(async () => {
      model.branches.clear();
      contexts.clear();
      await refreshRoadmap(parts);
      await refreshListing(parts);
    });
    model.present = true;
    gate.publish({ type: 'workspace-reset', present: true });
    return;
  }
  await refreshRoadmap(parts);
  await refreshListing(parts);
  for (const b of model.sortedBranches()) await refreshBranch(b, new Set(['all']), model, gate.publish);
}

// A batch names the roadmap, the branch listing, branch files, or all of .GCC/ when it vanished or came back; the
// diagnostics are published last, when they changed. The apply queue runs one batch at a time.
/** Re-reads what one batch of paths (relative to .GCC/) names and publishes the changes. */
export async function processBatch(parts: RefreshParts, paths: Set<string>): Promise<void> {
  const { model, gate } = parts;
  const work = planWork(paths);
  // A .GCC/ that vanished or came back changes everything; otherwise only what the paths name.
  if (work.full || model.present !== (await sourceOf(parts).present())) {
    await fullRefresh(parts);
  } else if (model.present) {
    if (work.roadmap) await refreshRoadmap(parts);
    if (work.listing) await refreshListing(parts);
    for (const [name, what] of work.files) {
      const b = model.branches.get(name);
      if (b) await refreshBranch(b, what, model, gate.publish);
      else if (!work.listing) await refreshListing(parts);
    }
  }
  const diagnostics = model.takeDiagnosticsChange();
  if (diagnostics) gate.publish({ type: 'diagnostics-changed', diagnostics });
}
