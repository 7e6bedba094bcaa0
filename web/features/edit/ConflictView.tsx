// A save refused because the record changed on disk: the text there now beside the user's draft, to reconcile.
import type { ReactNode } from 'react';

interface Props {
  label: string;
  /** The field as it is on disk now. */
  disk: string;
  render(text: string): ReactNode;
  /** The draft editor (still editable). */
  children: ReactNode;
  onKeepMine(): void;
  onTakeDisk(): void;
  busy: boolean;
}

export function ConflictView({ label, disk, render, children, onKeepMine, onTakeDisk, busy }: Props) {
  return (
    <div className="edit-conflict" role="group" aria-label={`Conflict in ${label}`} data-testid="edit-conflict">
      <p className="edit-conflict-note">
        <strong>Changed on disk while you were editing.</strong> The agent or another tab rewrote this record. Compare, adjust your
        draft if needed, then choose which text to keep.
      </p>
      <div className="edit-conflict-sides">
        <section className="edit-conflict-side" aria-label="On disk now" data-testid="conflict-disk">
          <h4>On disk now</h4>
          <div className="edit-conflict-text">{disk ? render(disk) : <span className="muted">(empty)</span>}</div>
        </section>
        <section className="edit-conflict-side" aria-label="Your draft">
          <h4>Your draft</h4>
          {children}
        </section>
      </div>
      <div className="edit-actions">
        <button type="button" className="btn btn-primary" onClick={onKeepMine} disabled={busy}>
          Save my draft
        </button>
        <button type="button" className="btn" onClick={onTakeDisk} disabled={busy}>
          Keep the disk version
        </button>
      </div>
    </div>
  );
}
