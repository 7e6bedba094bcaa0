// Test support: a .GCC/ folder read into the shape the moment core takes (moment/memory-at.ts), with the same
// parsers the server uses, from a map of file texts (a copy on disk or one built in memory).
import type { Dialect } from '../../types.ts';
import type { EditEntry } from '../write/edit.ts';
import { parseCommits } from '../read/commits.ts';
import { decodeUtf8 } from '../read/bytes.ts';
import { indexWholeLog } from '../read/log-index.ts';
import { arrayStepList } from '../read/step-list.ts';
import { parseMetadata } from '../read/metadata.ts';
import type { BranchNow, WorkspaceNow } from '../moment/memory-at.ts';

/** Paths relative to .GCC/ (`main.md`, `branches/b/log.md`, …) → bytes. */
export type FolderFiles = ReadonlyMap<string, Uint8Array>;

export function branchNames(files: FolderFiles): string[] {
  const names = new Set<string>();
  for (const path of files.keys()) {
    const m = /^branches\/([^/]+)\//.exec(path);
    if (m) names.add(m[1]!);
  }
  return [...names].sort();
}

export function workspaceNow(files: FolderFiles, dialect: Dialect, edits: readonly EditEntry[] = []): WorkspaceNow {
  const branches: BranchNow[] = branchNames(files).map((name) => {
    const at = (kind: string) => files.get(`branches/${name}/${kind}`) ?? null;
    const log = at('log.md');
    const commits = at('commit.md');
    return {
      name,
      dialect,
      metadata: parseMetadata(at('metadata.yaml'), `branches/${name}/metadata.yaml`).metadata,
      // Read as the server reads it: an index of the bytes.
      steps: log ? indexWholeLog(log, `branches/${name}/log.md`, dialect).index : arrayStepList([]),
      commits: commits ? parseCommits(commits, { file: `branches/${name}/commit.md`, branch: name, dialect }).commits : [],
    };
  });
  const roadmap = files.get('main.md');
  return { roadmap: roadmap ? decodeUtf8(roadmap).text : '', branches, edits };
}
