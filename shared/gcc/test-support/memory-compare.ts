// Test support: where the memory the moment core computed differs from the parse of the folder as it really was,
// file by file, and the CONTEXT texts of both, for the moment tests.
import type { Commit, ContextDialect, OtaStep } from '../../types.ts';
import { renderContext } from '../context/render.ts';
import { readerView } from '../dialects/reader-view.ts';
import type { MemoryAt, WorkspaceNow } from '../moment/memory-at.ts';
import type { StepList } from '../read/step-list.ts';

const withoutRange = <T extends OtaStep | Commit>(r: T): Omit<T, 'range'> => {
  const { range: _range, ...rest } = r;
  return rest;
};

/** The files (relative to .GCC/) whose records differ between the computed memory and the real folder. */
export function differingFiles(memory: MemoryAt, real: WorkspaceNow): string[] {
  const out: string[] = [];
  if (memory.roadmap !== real.roadmap) out.push('main.md');
  const names = new Set([...memory.branches.map((b) => b.name), ...real.branches.map((b) => b.name)]);
  for (const name of names) {
    const a = memory.branches.find((b) => b.name === name);
    const b = real.branches.find((x) => x.name === name);
    if (!a || !b) {
      out.push(`branches/${name}/metadata.yaml`);
      continue;
    }
    if (JSON.stringify(a.metadata) !== JSON.stringify(b.metadata)) out.push(`branches/${name}/metadata.yaml`);
    if (JSON.stringify(a.steps.slice().map(withoutRange)) !== JSON.stringify(b.steps.slice().map(withoutRange))) out.push(`branches/${name}/log.md`);
    if (JSON.stringify(a.commits.map(withoutRange)) !== JSON.stringify(b.commits.map(withoutRange))) out.push(`branches/${name}/commit.md`);
  }
  return out;
}

/** Files that differ but that no reason of the memory names: a guess shown as exact. */
export function unexplainedDifferences(memory: MemoryAt, real: WorkspaceNow): string[] {
  return differingFiles(memory, real).filter((file) => !memory.reasons.some((r) => r.startsWith(`${file}:`)));
}

/** CONTEXT of a branch at K, as `dialect`'s summary() returns it, from records as that folder holds them. */
export function contextOf(ws: { roadmap: string; branches: readonly { name: string; steps: StepList; commits: readonly Commit[] }[] }, branch: string, k: number, dialect: ContextDialect): string | null {
  const b = ws.branches.find((x) => x.name === branch);
  if (!b) return null;
  return renderContext({ branch, k, roadmap: ws.roadmap, ...readerView(dialect, { steps: b.steps.slice(), commits: b.commits }) }, dialect);
}
