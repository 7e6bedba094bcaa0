// The field being edited (loaded when a field is first opened, EditableText.tsx): Write/Preview, the misread warning,
// Save and Cancel, a conflict's two texts.
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { ConflictView } from './ConflictView.tsx';
import type { HeldDraft } from './drafts.ts';
import { DraftNotice } from './DraftNotice.tsx';
import type { EditableTextProps } from './EditableText.tsx';
import { MisreadWarning } from './MisreadWarning.tsx';
import { UnwritableNote, useMetadataSaveProblem } from './MetadataSaveCheck.tsx';
import { MarkdownText } from '../../ui/Markdown.tsx';
import { useFieldEditor, type EditorTab } from './useFieldEditor.ts';

interface OpenEditorProps extends EditableTextProps {
  onClose(): void;
  /** The record's draft as drafts.ts holds it (the editor was open before its card was drawn again). */
  held?: HeldDraft | undefined;
  /** The record is gone from disk (DetachedDrafts.tsx). */
  removed?: boolean;
}

/** The field being edited: Write/Preview, the misread warning, Save and Cancel, a conflict's two texts. */
export function OpenEditor(props: OpenEditorProps) {
  const { value, label, markdown = false, singleLine = false } = props;
  const ed = useFieldEditor(props, props.onClose);
  const { draft, busy, conflict, close, submit } = ed;
  const unwritable = useMetadataSaveProblem(props.writesMetadataOf);
  // While a save is on its way the record's new version arrives before the editor closes: not a change to tell.
  const notice = props.removed ? 'removed' : props.version !== ed.base && !busy ? 'changed' : null;
  // Esc or Cancel with text typed asks first: one key must not throw away a paragraph.
  const [askingDiscard, setAskingDiscard] = useState(false);
  const cancel = () => (draft === value ? close() : setAskingDiscard(true));
  const keepEditing = () => {
    setAskingDiscard(false);
    ed.area.current?.focus();
  };

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
      describedBy={unwritable ? `${ed.id}-unwritable` : undefined}
      renderPreview={renderPreview}
      onSave={() => void submit(conflict?.version ?? ed.base)}
      // A conflict offers its own two ways out (keep mine, take the disk's).
      onCancel={conflict ? close : cancel}
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
          {notice ? <DraftNotice kind={notice} draft={draft} /> : null}
          {unwritable ? <UnwritableNote problem={unwritable} id={`${ed.id}-unwritable`} /> : null}
          {editor}
          {props.extra?.(draft)}
          {ed.misread ? <MisreadWarning report={ed.misread} field={props.misread?.field ?? ''} onUseSafeForm={ed.setDraft} /> : null}
          {askingDiscard ? (
            <DiscardQuestion onDiscard={close} onKeep={keepEditing} />
          ) : (
            <EditActions busy={busy} unchanged={draft === value} blocked={unwritable ? 'The file cannot be saved now: see above' : ed.misread ? 'Contexa’s readers would misread this text: use the safe form' : null} onSave={() => void submit(ed.base)} onCancel={cancel} />
          )}
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
  /** The note that says why it cannot be saved, when there is one. */
  describedBy?: string | undefined;
  renderPreview(text: string): ReactNode;
  /** Ctrl+Enter in the input. */
  onSave(): void;
  /** Esc in the input. */
  onCancel(): void;
}

/** The Write/Preview tabs (multi-line fields only) over the input or the preview of the draft. */
function FieldEditor({ label, singleLine, tab, onTab, draft, onDraft, inputRef, id, describedBy, renderPreview, onSave, onCancel }: FieldEditorProps) {
  // The same field either way: one line, or as many rows as the draft needs (3 to 18).
  const field = {
    ref: inputRef,
    id,
    value: draft,
    'aria-label': label,
    'aria-describedby': describedBy,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onDraft(e.target.value),
    onKeyDown: (e: KeyboardEvent) => onKeys(e, onSave, onCancel),
  };
  const input = singleLine ? (
    <input {...field} className="edit-input" />
  ) : (
    <textarea {...field} className="edit-area" rows={Math.min(18, Math.max(3, draft.split('\n').length + 1))} />
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

/** `blocked`: why Save is off although the draft changed (null: it is not). */
function EditActions({ busy, unchanged, blocked, onSave, onCancel }: { busy: boolean; unchanged: boolean; blocked: string | null; onSave(): void; onCancel(): void }) {
  return (
    <div className="edit-actions">
      <button type="button" className="btn btn-primary" onClick={onSave} disabled={busy || unchanged || blocked !== null} title={blocked ?? undefined}>
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

/** Asked when the draft differs from the record and the editor is being left: Esc again (or Keep editing) goes back. */
function DiscardQuestion({ onDiscard, onKeep }: { onDiscard(): void; onKeep(): void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="edit-actions edit-discard"
      role="group"
      aria-label="Discard the changes?"
      data-testid="edit-discard"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onKeep();
      }}
    >
      <span>Discard the text you typed?</span>
      <button type="button" className="btn" onClick={onDiscard}>
        Discard
      </button>
      <button ref={keep} type="button" className="btn btn-primary" onClick={onKeep}>
        Keep editing
      </button>
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
