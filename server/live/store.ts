// The parsed workspace in memory (records, not file copies), kept current by apply(paths): each changed file is read
// from where the last read stopped, and what changed goes out on the bus as precise events. Every change to the
// records and its event happen in one synchronous step, so a snapshot's revision always matches its contents.
import type { BranchResponse, StepsPage, WorkspaceResponse } from '../../shared/api.ts';
import { BRANCHES_DIR, BRANCH_FILES, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import type { Commit, ContextDialect, Diagnostic, OtaStep } from '../../shared/types.ts';
import { createApplyQueue } from './apply-queue.ts';
import { BranchEntry } from './branch-entry.ts';
import { ContextCache, contextDialectOf, type ContextResult } from './context-cache.ts';
import { EventGate } from './event-gate.ts';
import type { EventBus } from './event-bus.ts';
import { branchDialect, commitsParser, logParser, parsersDiffer, readMetadata, readRoadmap } from './format.ts';
import { isDir, listBranchFolders, readBytes } from './gcc-dir.ts';
import type { FileChange } from './tracked-file.ts';
import { planWork, type BranchFileWant } from './work-plan.ts';
import { join } from 'node:path';

export type { ContextResult };

/** What the routes read. */
export interface WorkspaceView {
  workspace(): WorkspaceResponse;
  branch(name: string): BranchResponse | null;
  steps(name: string, from: number, limit: number): StepsPage | null;
  /** `dialect` null: the branch's own dialect when it is one we render exactly, else python. */
  context(name: string, k: number, dialect: ContextDialect | null): ContextResult | null;
}

export interface Store extends WorkspaceView {
  /** The first full read; emits no events. */
  load(): Promise<void>;
  /** Re-reads what these paths (relative to .GCC/, as the watcher reports them) touch, and emits the changes. */
  apply(paths: readonly string[]): Promise<void>;
  /** Resolves when every queued apply has been processed. */
  idle(): Promise<void>;
  readonly revision: number;
}

export interface StoreOptions {
  gccDir: string;
  /** Shown as `root` in the workspace response. */
  root: string;
  readOnly: boolean;
  bus: EventBus;
  onError?: ((error: unknown) => void) | undefined;
  /** Read each branch's CONTEXT view at the end of load() (default true); one-shot commands that show no CONTEXT skip it. */
  warmContext?: boolean;
}

const metadataKey = (bytes: Uint8Array | null) => (bytes === null ? '' : `${bytes.length}:${Buffer.from(bytes).toString('base64')}`);

export function createStore(options: StoreOptions): Store {
  const { gccDir, bus } = options;
  let present = false;
  let roadmap = '';
  let roadmapDiagnostics: Diagnostic[] = [];
  let listingDiagnostics: Diagnostic[] = [];
  const branches = new Map<string, BranchEntry>();
  let lastDiagnosticsKey = '';
  /** `.GCC/.lock` exists: a little evidence for the writers that keep their flock file. */
  let lockFile = false;
  const contexts = new ContextCache();
  const gate = new EventGate(bus);
  const publish = gate.publish;

  const allDiagnostics = (): Diagnostic[] => {
    const out = [...listingDiagnostics, ...roadmapDiagnostics];
    for (const b of branches.values()) out.push(...b.diagnostics());
    return out;
  };

  const sortedBranches = () => [...branches.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  async function refreshRoadmap(): Promise<void> {
    const read = await readBytes(join(gccDir, ROADMAP_FILE));
    const next = readRoadmap(read.ok ? read.bytes : null);
    if (!read.ok && !read.missing) next.diagnostics.push({ file: ROADMAP_FILE, line: 0, severity: 'error', code: 'unreadable-file', message: read.message });
    roadmapDiagnostics = next.diagnostics;
    if (next.text !== roadmap) {
      roadmap = next.text;
      publish({ type: 'roadmap-changed', text: roadmap });
    }
  }

  /** Re-reads metadata; returns whether it (or the dialect it implies) changed. */
  async function refreshMetadata(b: BranchEntry): Promise<boolean> {
    const read = await readBytes(join(b.dir, BRANCH_FILES.metadata));
    const bytes = read.ok ? read.bytes : null;
    const key = metadataKey(bytes);
    if (key === b.metaBytesKey && b.metaBytesKey !== '') return false;
    const before = JSON.stringify(b.meta?.metadata ?? null);
    b.metaBytesKey = key;
    const meta = readMetadata(bytes, b.name);
    b.meta = meta;
    if (!read.ok && !read.missing) {
      meta.diagnostics.push({ file: `${BRANCHES_DIR}/${b.name}/${BRANCH_FILES.metadata}`, line: 0, severity: 'error', code: 'unreadable-file', message: read.message });
    }
    return JSON.stringify(meta.metadata) !== before;
  }

  function redetectDialect(b: BranchEntry): boolean {
    const next = branchDialect({ branch: b.name, steps: b.log.records, commits: b.commits.records, metadata: b.meta, lockFile });
    if (next === b.dialect) return false;
    b.dialect = next;
    return true;
  }

  /**
   * Once the dialect is known, files whose writer escapes `---` differently (Zig, Lua) are parsed again with the
   * right rules. Returns whether that happened (the branch's records were replaced).
   */
  async function settleParsers(b: BranchEntry): Promise<boolean> {
    if (!parsersDiffer(b.parserDialect, b.dialect)) return false;
    const dialect = b.dialect;
    b.parserDialect = dialect;
    await Promise.all([b.log.reparseWith(logParser(b.name, dialect)), b.commits.reparseWith(commitsParser(b.name, dialect))]);
    b.version += 1;
    b.recomputeNewest();
    redetectDialect(b);
    return true;
  }

  /** Looks at the named files of one known branch and publishes what changed. */
  async function refreshBranch(b: BranchEntry, what: Set<BranchFileWant>): Promise<void> {
    const all = what.has('all');
    const logChange: FileChange<OtaStep> = all || what.has('log') ? await b.log.refresh() : { kind: 'none' };
    const commitChange: FileChange<Commit> = all || what.has('commit') ? await b.commits.refresh() : { kind: 'none' };
    const metaChanged = all || what.has('metadata') ? await refreshMetadata(b) : false;
    // From here on, synchronous: records and events move together.
    const reloaded = logChange.kind === 'reloaded' || commitChange.kind === 'reloaded';
    if (logChange.kind !== 'none' || commitChange.kind !== 'none') b.version += 1;
    if (reloaded) b.recomputeNewest();
    else {
      if (logChange.kind === 'appended') b.noteTimestamps(logChange.records);
      if (commitChange.kind === 'appended') b.noteTimestamps(commitChange.records);
    }
    const dialectChanged = redetectDialect(b);
    if (dialectChanged && (await settleParsers(b))) {
      publish({ type: 'branch-reloaded', branch: b.name, summary: b.summary() });
      return;
    }
    if (reloaded) {
      publish({ type: 'branch-reloaded', branch: b.name, summary: b.summary() });
      return;
    }
    if (logChange.kind === 'appended') publish({ type: 'steps-appended', branch: b.name, from: logChange.from, steps: logChange.records });
    if (commitChange.kind === 'appended') publish({ type: 'commits-appended', branch: b.name, from: commitChange.from, commits: commitChange.records });
    if (metaChanged || dialectChanged) publish({ type: 'metadata-changed', branch: b.name, summary: b.summary() });
  }

  /** Brings the set of branches in line with branches/; new ones are read whole before they are announced. */
  async function refreshListing(): Promise<void> {
    lockFile = (await readBytes(join(gccDir, '.lock'))).ok;
    const listing = await listBranchFolders(gccDir);
    listingDiagnostics = listing.diagnostics;
    const names = new Set(listing.branches.map((b) => b.name));
    for (const name of [...branches.keys()]) {
      if (!names.has(name)) {
        branches.delete(name);
        contexts.dropBranch(name);
        publish({ type: 'branch-removed', branch: name });
      }
    }
    for (const folder of listing.branches) {
      if (branches.has(folder.name)) continue;
      const b = new BranchEntry(folder.name, folder.dir);
      await Promise.all([b.log.refresh(), b.commits.refresh(), refreshMetadata(b)]);
      b.recomputeNewest();
      redetectDialect(b);
      await settleParsers(b);
      if (branches.has(folder.name)) continue;
      branches.set(folder.name, b);
      publish({ type: 'branch-added', branch: b.name, summary: b.summary() });
    }
  }

  async function fullRefresh(): Promise<void> {
    const exists = await isDir(gccDir);
    if (!exists) {
      if (present || branches.size > 0) {
        present = false;
        branches.clear();
        contexts.clear();
        roadmap = '';
        roadmapDiagnostics = [];
        listingDiagnostics = [];
        publish({ type: 'workspace-reset', present: false });
      }
      return;
    }
    if (!present) {
      // Back (or there for the first time): read everything quietly, then say once that it all changed.
      await gate.quietly(async () => {
        branches.clear();
        contexts.clear();
        await refreshRoadmap();
        await refreshListing();
      });
      present = true;
      publish({ type: 'workspace-reset', present: true });
      return;
    }
    await refreshRoadmap();
    await refreshListing();
    for (const b of sortedBranches()) await refreshBranch(b, new Set(['all']));
  }

  async function process(paths: Set<string>): Promise<void> {
    const work = planWork(paths);
    // A .GCC/ that vanished or came back changes everything; otherwise only what the paths name.
    if (work.full || present !== (await isDir(gccDir))) {
      await fullRefresh();
    } else if (present) {
      if (work.roadmap) await refreshRoadmap();
      if (work.listing) await refreshListing();
      for (const [name, what] of work.files) {
        const b = branches.get(name);
        if (b) await refreshBranch(b, what);
        else if (!work.listing) await refreshListing();
      }
    }
    const diagnostics = allDiagnostics();
    const key = JSON.stringify(diagnostics);
    if (key !== lastDiagnosticsKey) {
      lastDiagnosticsKey = key;
      publish({ type: 'diagnostics-changed', diagnostics });
    }
  }

  const queue = createApplyQueue(process, (err) => options.onError?.(err));

  return {
    get revision() {
      return bus.revision;
    },
    async load() {
      gate.open = false;
      try {
        await queue.enqueue(['']);
      } finally {
        gate.open = true;
      }
      // Read each branch as its dialect's reader does now, while nothing is waiting: the page asks for CONTEXT
      // first thing, and on a 205,000-step log the first read is the only slow one.
      if (options.warmContext !== false) for (const b of branches.values()) contexts.view(b, contextDialectOf(b), roadmap);
    },
    apply: (paths) => queue.enqueue(paths),
    idle: () => queue.idle(),
    workspace: () => ({
      present,
      root: options.root,
      readOnly: options.readOnly,
      revision: bus.revision,
      roadmap: { text: roadmap },
      branches: sortedBranches().map((b) => b.summary()),
      diagnostics: allDiagnostics(),
    }),
    branch(name) {
      const b = branches.get(name);
      return b ? { branch: b.summary(), commits: b.commits.records } : null;
    },
    steps(name, from, limit) {
      const b = branches.get(name);
      if (!b) return null;
      return { branch: name, from, total: b.log.records.length, steps: b.log.records.slice(from, from + limit) };
    },
    context(name, k, requested) {
      const b = branches.get(name);
      return b ? contexts.context(b, k, requested, roadmap) : null;
    },
  };
}
