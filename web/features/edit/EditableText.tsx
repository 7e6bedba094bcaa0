// One field, edited in place: the text as it reads, an Edit button, then a Write/Preview editor with Save and Cancel.
// A save carries the version of the record the draft was made from; a 409 opens the conflict view (disk beside draft).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditConflictError } from '../../api/editClient.ts';
import { ConflictView } from './ConflictView.tsx';
import { MarkdownText } from '../../ui/Markdown.tsx';
import './edit.css';

export interface EditableTextProps {
  /** The field's text as the page has it now. */
  value: string;
  /** The record's version as the page has it now. */
  version: string;
  label: string;
  /** How the text reads outside the editor. */
  render(text: string): ReactNode;
  /** Preview as Markdown (commit fields, roadmap) or as plain text (steps, purpose). */
  markdown?: boolean;
  singleLine?: boolean;
  canEdit: boolean;
  /** Saves `draft` against `baseVersion`; throws EditConflictError on 409, ApiError otherwise. */
  save(draft: string, baseVersion: string): Promise<void>;
  /** The field's text in the record a 409 sent back. */
  conflictText(current: unknown): string;
  /** Shown under the editor (e.g. "also use as the next commit's previous summary"). */
  extra?(draft: string): ReactNode;
  className?: string;
}

type Conflict = { text: string; version: string };

export function EditableText(props: EditableTextProps) {
  const { value, version, label, render, markdown = false, singleLine = false, canEdit } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [base, setBase] = useState(version);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const area = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (editing && tab === 'write') area.current?.focus();
  }, [editing, tab]);

  const open = () => {
    setDraft(value);
    setBase(version);
    setTab('write');
    setError(null);
    setConflict(null);
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    setConflict(null);
    setError(null);
  };
  const submit = async (against: string) => {
    setBusy(true);
    setError(null);
    try {
      await props.save(draft, against);
      close();
    } catch (err) {
      if (err instanceof EditConflictError) {
        setConflict({ text: props.conflictText(err.conflict.current), version: err.conflict.version });
      } else {
        setError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className={`editable${props.className ? ` ${props.className}` : ''}`}>
        <div className="editable-view">{render(value)}</div>
        {canEdit ? (
          <button type="button" className="edit-btn" onClick={(e) => (e.stopPropagation(), open())} aria-label={`Edit ${label}`} title={`Edit ${label}`}>
            Edit
          </button>
        ) : null}
      </div>
    );
  }

  const renderPreview = (text: string) => (markdown ? <MarkdownText text={text} /> : <div className="edit-plain">{text}</div>);
  const input = singleLine ? (
    <input
      ref={area}
      id={id}
      className="edit-input"
      value={draft}
      aria-label={label}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => onKeys(e, () => void submit(conflict?.version ?? base), close)}
    />
  ) : (
    <textarea
      ref={area}
      id={id}
      className="edit-area"
      value={draft}
      aria-label={label}
      rows={Math.min(18, Math.max(3, draft.split('\n').length + 1))}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => onKeys(e, () => void submit(conflict?.version ?? base), close)}
    />
  );
  const editor = (
    <>
      {singleLine ? null : (
        <div className="edit-tabs" role="tablist" aria-label={`${label} editor`}>
          <button type="button" role="tab" aria-selected={tab === 'write'} onClick={() => setTab('write')}>
            Write
          </button>
          <button type="button" role="tab" aria-selected={tab === 'preview'} onClick={() => setTab('preview')}>
            Preview
          </button>
        </div>
      )}
      {tab === 'write' || singleLine ? input : <div className="edit-preview" data-testid="edit-preview">{draft.trim() ? renderPreview(draft) : <span className="muted">Nothing to preview.</span>}</div>}
    </>
  );
  return (
    <div className="editable is-editing" onClick={(e) => e.stopPropagation()} data-testid="editor">
      {conflict ? (
        <ConflictView
          label={label}
          disk={conflict.text}
          render={renderPreview}
          busy={busy}
          onKeepMine={() => void submit(conflict.version)}
          onTakeDisk={close}
        >
          {editor}
        </ConflictView>
      ) : (
        <>
          {editor}
          {props.extra?.(draft)}
          <div className="edit-actions">
            <button type="button" className="btn btn-primary" onClick={() => void submit(base)} disabled={busy || draft === value}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="btn" onClick={close} disabled={busy}>
              Cancel
            </button>
            <span className="edit-hint muted">
              <kbd>Ctrl</kbd>+<kbd>Enter</kbd> save · <kbd>Esc</kbd> cancel
            </span>
          </div>
        </>
      )}
      {error ? (
        <p className="edit-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function onKeys(e: KeyboardEvent, save: () => void, cancel: () => void): void {
  if (e.key === 'Escape') {
    e.preventDefault();
    e.stopPropagation();
    cancel();
  } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    save();
  }
}
