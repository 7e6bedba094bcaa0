// One field, edited in place: the text as it reads, an Edit button, then a Write/Preview editor with Save and Cancel.
// A save carries the version of the record the draft was made from; a 409 opens the conflict view (disk beside draft).
import { useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { MisreadReport } from '../../../shared/gcc/dialects/misread.ts';
import { ConflictView } from './ConflictView.tsx';
import { MisreadWarning } from './MisreadWarning.tsx';
import { MarkdownText } from '../../ui/Markdown.tsx';
import { useFieldEditor, type EditorTab } from './useFieldEditor.ts';
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
  /** How Contexa's readers would misread a draft of this field (commit and step fields): warned before saving. */
  misread?: { field: string; check(draft: string): MisreadReport | null };
  className?: string;
}

export function EditableText(props: EditableTextProps) {
  const { value, label, render, canEdit } = props;
  // Only this until the field is opened: the editor's state (useFieldEditor) is made when it opens.
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div className={`editable${props.className ? ` ${props.className}` : ''}`}>
        <div className="editable-view">{render(value)}</div>
        {canEdit ? (
          <button type="button" className="edit-btn" onClick={(e) => (e.stopPropagation(), setEditing(true))} aria-label={`Edit ${label}`} title={`Edit ${label}`}>
            Edit
          </button>
        ) : null}
      </div>
    );
  }
  return <OpenEditor {...props} onClose={() => setEditing(false)} />;
}

/** The field being edited: Write/Preview, the misread warning, Save and Cancel, a conflict's two texts. */
function OpenEditor(props: EditableTextProps & { onClose(): void }) {
  const { value, label, markdown = false, singleLine = false } = props;
  const ed = useFieldEditor(props, props.onClose);
  const { draft, busy, conflict, close, submit } = ed;

  const renderPreview = (text: string) => (markdown ? <MarkdownText text={text} /> : <div className="edit-plain">{text}</div>);
  const editor = (
    <FieldEditor
      label={label}
      singleLine={singleLine}
      tab={ed.tab}
      onTab={ed.setTab}
      draft={draft}
      onDraft={ed.setDraft}
      inputRef={ed.area}
      id={ed.id}
      renderPreview={renderPreview}
      onSave={() => void submit(conflict?.version ?? ed.base)}
      onCancel={close}
    />
  );
  return (
    <div className="editable is-editing" onClick={(e) => e.stopPropagation()} data-testid="editor">
      {conflict ? (
        <ConflictView label={label} disk={conflict.text} render={renderPreview} busy={busy} onKeepMine={() => void submit(conflict.version)} onTakeDisk={close}>
          {editor}
        </ConflictView>
      ) : (
        <>
          {editor}
          {props.extra?.(draft)}
          {ed.misread ? <MisreadWarning report={ed.misread} field={props.misread?.field ?? ''} onUseSafeForm={ed.setDraft} /> : null}
          <EditActions busy={busy} unchanged={draft === value} blocked={ed.misread !== null} onSave={() => void submit(ed.base)} onCancel={close} />
        </>
      )}
      {ed.error ? (
        <p className="edit-error" role="alert">
          {ed.error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldEditorProps {
  label: string;
  singleLine: boolean;
  tab: EditorTab;
  onTab(tab: EditorTab): void;
  draft: string;
  onDraft(draft: string): void;
  inputRef: RefObject<(HTMLTextAreaElement & HTMLInputElement) | null>;
  id: string;
  renderPreview(text: string): ReactNode;
  /** Ctrl+Enter in the input. */
  onSave(): void;
  /** Esc in the input. */
  onCancel(): void;
}

/** The Write/Preview tabs (multi-line fields only) over the input or the preview of the draft. */
function FieldEditor({ label, singleLine, tab, onTab, draft, onDraft, inputRef, id, renderPreview, onSave, onCancel }: FieldEditorProps) {
  const input = singleLine ? (
    <input
      ref={inputRef}
      id={id}
      className="edit-input"
      value={draft}
      aria-label={label}
      onChange={(e) => onDraft(e.target.value)}
      onKeyDown={(e) => onKeys(e, onSave, onCancel)}
    />
  ) : (
    <textarea
      ref={inputRef}
      id={id}
      className="edit-area"
      value={draft}
      aria-label={label}
      rows={Math.min(18, Math.max(3, draft.split('\n').length + 1))}
      onChange={(e) => onDraft(e.target.value)}
      onKeyDown={(e) => onKeys(e, onSave, onCancel)}
    />
  );
  return (
    <>
      {singleLine ? null : (
        <div className="edit-tabs" role="tablist" aria-label={`${label} editor`}>
          <button type="button" role="tab" aria-selected={tab === 'write'} onClick={() => onTab('write')}>
            Write
          </button>
          <button type="button" role="tab" aria-selected={tab === 'preview'} onClick={() => onTab('preview')}>
            Preview
          </button>
        </div>
      )}
      {tab === 'write' || singleLine ? input : <div className="edit-preview" data-testid="edit-preview">{draft.trim() ? renderPreview(draft) : <span className="muted">Nothing to preview.</span>}</div>}
    </>
  );
}

function EditActions({ busy, unchanged, blocked, onSave, onCancel }: { busy: boolean; unchanged: boolean; blocked: boolean; onSave(): void; onCancel(): void }) {
  return (
    <div className="edit-actions">
      <button type="button" className="btn btn-primary" onClick={onSave} disabled={busy || unchanged || blocked} title={blocked ? 'Contexa’s readers would misread this text: use the safe form' : undefined}>
        {busy ? 'Saving…' : 'Save'}
      </button>
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <span className="edit-hint muted">
        <kbd>Ctrl</kbd>+<kbd>Enter</kbd> save · <kbd>Esc</kbd> cancel
      </span>
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
