// "edited" on a record changed by hand, with Undo while the record is still as that edit left it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { EditTarget } from '../../../shared/gcc/write/edit.ts';
import { targetKey } from '../../../shared/gcc/write/edit.ts';
import { editApi } from '../../api/editClient.ts';
import { editHistoryOptions, invalidateAfterEdit, latestEdits } from '../../api/editQueries.ts';
import { formatTimestamp } from '../../ui/time.ts';
import { useAsksEditRecords, useCanEdit } from './EditAccess.ts';

export function useLatestEdits() {
  const { data } = useQuery({ ...editHistoryOptions(), staleTime: 30_000, enabled: useAsksEditRecords() });
  return useMemo(() => latestEdits(data?.entries ?? []), [data]);
}

export function EditedMark({ target, version }: { target: EditTarget; version: string }) {
  const client = useQueryClient();
  const canEdit = useCanEdit();
  const latest = useLatestEdits().get(targetKey(target));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // An undone edit is no longer shown: the record reads as it did before it.
  if (!latest || latest.entry.undoes) return null;
  const current = latest.versionAfter === version;
  const undo = async () => {
    setBusy(true);
    setError(null);
    try {
      await editApi.undo(latest.entry.id);
      await invalidateAfterEdit(client, target);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="edited-mark" data-testid="edited-mark" onClick={(e) => e.stopPropagation()}>
      <span className="pill pill-edited" title={`Edited by hand ${latest.entry.at}${current ? '' : '; changed again on disk since'}`}>
        edited {formatTimestamp(latest.entry.at)}
      </span>
      {canEdit && current ? (
        <button type="button" className="link edited-undo" onClick={() => void undo()} disabled={busy}>
          {busy ? 'Undoing…' : 'Undo'}
        </button>
      ) : null}
      {error ? (
        <span className="edit-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
