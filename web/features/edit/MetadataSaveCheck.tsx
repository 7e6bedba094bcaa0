// Whether a branch's metadata.yaml can be saved, asked as an editor that writes it opens (the status menu, the purpose
// editor): a read-only file is said before anything is typed, not only after Save.
import { useQuery } from '@tanstack/react-query';
import type { SaveProblem } from '../../../shared/gcc/write/edit.ts';
import { metadataWriteCheckOptions } from '../../api/editQueries.ts';

/** Why a save of `branch`'s metadata.yaml would be refused now; null when it would be tried, or nothing is asked. */
export function useMetadataSaveProblem(branch: string | undefined): SaveProblem | null {
  const { data } = useQuery({ ...metadataWriteCheckOptions(branch ?? ''), enabled: branch !== undefined });
  return branch === undefined ? null : (data?.problem ?? null);
}

/** The note over an open editor whose file cannot be saved: which file, and why, in the refusal's words. */
export function UnwritableNote({ problem, id }: { problem: SaveProblem; id: string }) {
  return (
    <p className="edit-unwritable" id={id} role="status" data-testid="edit-unwritable">
      <strong>This cannot be saved now:</strong> <code>{problem.path}</code> {problem.reason}.
    </p>
  );
}
