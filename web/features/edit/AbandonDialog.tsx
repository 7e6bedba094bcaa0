// The confirmation marking a branch abandoned asks for: Cancel has the focus first, as in the merge's dialog.
import { ModalDialog } from '../../ui/ModalDialog.tsx';

interface Props {
  branch: string;
  onConfirm(): void;
  onClose(): void;
}

export function AbandonDialog({ branch, onConfirm, onClose }: Props) {
  return (
    <ModalDialog
      className="status-dialog"
      testId="abandon-dialog"
      title={
        <>
          Mark <code>{branch}</code> abandoned?
        </>
      }
      confirm={{ className: 'btn btn-danger', label: 'Mark abandoned', testId: 'abandon-confirm' }}
      actionsClassName="status-dialog-actions"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        gcc-studio writes <code>status: abandoned</code> to <code>.GCC/branches/{branch}/metadata.yaml</code>, as its writer lays the file out. Agents
        reading the memory see the branch as given up.
      </p>
      <p className="muted">You can undo it with Undo beside the status while the file is as this edit left it.</p>
    </ModalDialog>
  );
}
