// Finding every .GCC/ under the fleet's roots: a breadth-first walk of folders (depth-limited, ignoring what the root's
// .gitignore ignores, never following a link), each decision taken by discovery-rules.ts.
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { GCC_DIR_NAME } from '../../shared/gcc/read/paths.ts';
import type { GitRowFacts } from '../../shared/fleet/fleet-api.ts';
import type { LiveWorkspace } from '../live/index.ts';
import type { TimeTravel } from '../travel/index.ts';
import { entryDecision, rootLabels, workspaceId, type FolderEntry } from './discovery-rules.ts';
import { gitignoreMatcher, type FolderIgnored } from './gitignore.ts';

export interface DiscoveredWorkspace {
  /** Path relative to its root (see workspaceId). */
  id: string;
  root: string;
  /** The folder holding .GCC/. */
  projectDir: string;
  gccDir: string;
  /** A workspace that is no folder (a git ref): how it opens, read-only, instead of recovering and watching a folder. */
  open?: () => Promise<LiveWorkspace & { travel?: TimeTravel | null }>;
  /** A git ref's row facts (its commit, when pushed, whether the last fetch failed). */
  gitFacts?: () => GitRowFacts;
}

export interface DiscoveryOptions {
  /** Absolute, existing folders. */
  roots: readonly string[];
  maxDepth: number;
}

export interface Discovery {
  workspaces: DiscoveredWorkspace[];
  /** Folders that could not be listed, in words. */
  problems: string[];
}

async function rootIgnore(root: string): Promise<FolderIgnored> {
  try {
    return gitignoreMatcher(await readFile(join(root, '.gitignore'), 'utf8'));
  } catch {
    return () => false;
  }
}

async function listFolder(dir: string): Promise<FolderEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.map((e) => ({ name: e.name, isDirectory: e.isDirectory(), isSymbolicLink: e.isSymbolicLink() }));
}

async function walkRoot(root: string, label: string | null, maxDepth: number, out: Discovery): Promise<void> {
  const ignored = await rootIgnore(root);
  let level: { dir: string; rel: string }[] = [{ dir: root, rel: '' }];
  for (let depth = 0; level.length > 0; depth++) {
    const next: { dir: string; rel: string }[] = [];
    const listings = await Promise.all(level.map(async (f) => ({ f, entries: await listFolder(f.dir).catch((err: NodeJS.ErrnoException) => err) })));
    for (const { f, entries } of listings) {
      if (!Array.isArray(entries)) {
        if (entries.code !== 'ENOENT') out.problems.push(`cannot list ${f.dir}: ${entries.code ?? entries.message}`);
        continue;
      }
      for (const entry of entries) {
        const decision = entryDecision(entry, f.rel, depth, maxDepth, ignored);
        if (decision === 'workspace') out.workspaces.push({ id: workspaceId(label, f.rel), root, projectDir: f.dir, gccDir: join(f.dir, GCC_DIR_NAME) });
        else if (decision === 'descend') next.push({ dir: join(f.dir, entry.name), rel: f.rel === '' ? entry.name : `${f.rel}/${entry.name}` });
      }
    }
    level = next;
  }
}

/** Every workspace under the roots, sorted by id. Roots are resolved through links once (the user named them). */
export async function discoverWorkspaces(options: DiscoveryOptions): Promise<Discovery> {
  const out: Discovery = { workspaces: [], problems: [] };
  const roots = await Promise.all(options.roots.map((r) => realpath(r)));
  const labels = roots.length === 1 ? [null] : rootLabels(roots);
  for (let i = 0; i < roots.length; i++) await walkRoot(roots[i]!, labels[i]!, options.maxDepth, out);
  const seen = new Set<string>();
  // The same folder named twice (a root inside another root) is served once.
  out.workspaces = out.workspaces.filter((w) => (seen.has(w.gccDir) ? false : (seen.add(w.gccDir), true)));
  out.workspaces.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out;
}
