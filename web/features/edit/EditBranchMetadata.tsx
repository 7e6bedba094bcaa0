// A branch's purpose and status, edited in place in the branch header (metadata.yaml, in its writer's YAML).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BranchSummary } from '../../../shared/api.ts';
import { EDITABLE_STATUSES, metadataVersion } from '../../../shared/gcc/write/edit.ts';
import type { BranchMetadata } from '../../../shared/types.ts';
import { ApiError } from '../../api/client.ts';
import { EditConflictError, editApi } from '../../api/editClient.ts';
import { invalidateAfterEdit } from '../../api/editQueries.ts';
import { AbandonDialog } from './AbandonDialog.tsx';
import { useCanEdit } from './EditAccess.ts';
import { EditableText } from './EditableText.tsx';
import { EditedMark } from './EditedMark.tsx';
import { StatusMenu } from './StatusMenu.tsx';
import './edit.css';

export function EditBranchPurpose({ summary }: { summary: BranchSummary }) {
  const client = useQueryClient();
  const canEdit = useCanEdit();
  const meta = summary.metadata;
  if (!meta) return <p className="branch-purpose muted">No purpose recorded (metadata.yaml missing or unreadable).</p>;
  return (
    <div className="branch-purpose">
      <EditableText
        value={meta.purpose}
        version={metadataVersion(meta)}
        label={`the purpose of ${summary.name}`}
        singleLine
        canEdit={canEdit}
        writesMetadataOf={summary.name}
        render={(text) => text || <span className="muted">No purpose recorded.</span>}
        conflictText={(current) => (current as BranchMetadata).purpose ?? ''}
        save={async (draft, version) => {
          await editApi.metadata(summary.name, { version, fields: { purpose: draft } });
          await invalidateAfterEdit(client, { kind: 'metadata', branch: summary.name });
        }}
      />
    </div>
  );
}

/**
 * The status pill; where edits are allowed, a menu beside it marks the branch active or (after a confirmation)
 * abandoned. A merged branch is offered neither: its status goes with its merge, taken back by Undo merge.
 */
export function EditBranchStatus({ summary, className }: { summary: BranchSummary; className: string }) {
  const client = useQueryClient();
  const canEdit = useCanEdit();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const meta = summary.metadata;
  const pill = (
    <span className={className} data-testid="branch-status">
      {summary.status ?? 'no metadata'}
    </span>
  );
  if (!meta || !canEdit) return pill;
  const merged = meta.status === 'merged' || Boolean(meta.mergedInto);
  const choices = merged ? [] : EDITABLE_STATUSES.filter((s) => s !== meta.status);
  const change = async (next: string) => {
    setBusy(true);
    setError(null);
    try {
      await editApi.metadata(summary.name, { version: metadataVersion(meta), fields: { status: next } });
      await invalidateAfterEdit(client, { kind: 'metadata', branch: summary.name });
    } catch (err) {
      setError(err instanceof EditConflictError ? 'metadata.yaml changed meanwhile; the page now shows it, try again.' : err instanceof ApiError ? err.message : String(err));
      if (err instanceof EditConflictError) await invalidateAfterEdit(client, { kind: 'metadata', branch: summary.name });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {pill}
      <StatusMenu branch={summary.name} choices={choices} merged={merged ? { into: meta.mergedInto || null } : null} busy={busy} onChoose={(s) => (s === 'abandoned' ? setConfirming(true) : void change(s))} />
      {confirming ? <AbandonDialog branch={summary.name} onConfirm={() => void change('abandoned')} onClose={() => setConfirming(false)} /> : null}
      <EditedMark target={{ kind: 'metadata', branch: summary.name }} version={metadataVersion(meta)} />
      {error ? (
        <span className="edit-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
