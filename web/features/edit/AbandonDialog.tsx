// The confirmation marking a branch abandoned asks for: Cancel has the focus first, as in the merge's dialog.
import { useEffect, useId, useRef } from 'react';
import { keepTabInside } from '../../ui/keepTabInside.ts';

interface Props {
  branch: string;
  onConfirm(): void;
  onClose(): void;
}

export function AbandonDialog({ branch, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current!;
    d.showModal();
    cancel.current?.focus();
    return () => d.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="status-dialog"
      data-testid="abandon-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={keepTabInside}
    >
      <h2 id={titleId}>
        Mark <code>{branch}</code> abandoned?
      </h2>
      <p>
        gcc-studio writes <code>status: abandoned</code> to <code>.GCC/branches/{branch}/metadata.yaml</code>, as its writer lays the file out. Agents
        reading the memory see the branch as given up.
      </p>
      <p className="muted">You can undo it with Undo beside the status while the file is as this edit left it.</p>
      <div className="status-dialog-actions">
        <button type="button" className="btn" ref={cancel} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          data-testid="abandon-confirm"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          Mark abandoned
        </button>
      </div>
    </dialog>
  );
}
