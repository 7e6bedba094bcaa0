// One field, edited in place: the text as it reads, an Edit button, then a Write/Preview editor with Save and Cancel.
// A save carries the version of the record the draft was made from; a 409 opens the conflict view (disk beside draft).
// A record's draft is held by drafts.ts, so the editor opens again with it when its card is drawn again.
import { useState, type ReactNode } from 'react';
import type * as Misread from '../../../shared/gcc/dialects/misread.ts';
import { lazyView } from '../../ui/lazyView.tsx';
import { draftKey, drafts, useHeldDraft, type DraftTarget } from './drafts.ts';
import './edit.css';

// The open editor and the readers it checks a draft against are loaded when a field is first opened: the log draws
// step fields by the thousand, and none of them needs more than its Edit button until then.
export const OpenEditor = lazyView(() => import('./OpenEditor.tsx').then((m) => m.OpenEditor), 'the editor');

/** shared/gcc/dialects/misread.ts, handed to a check by the open editor that loaded it. */
export type MisreadModule = typeof Misread;

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
  misread?: { field: string; check(draft: string, readers: MisreadModule): Misread.MisreadReport | null };
  className?: string;
  /** A record's field: its draft outlives the card (drafts.ts). */
  target?: DraftTarget;
  /** A save writes this branch's metadata.yaml: whether it can is asked as the editor opens (MetadataSaveCheck.tsx). */
  writesMetadataOf?: string;
}

export function EditableText(props: EditableTextProps) {
  const { value, version, label, render, canEdit, target } = props;
  // Only this until the field is opened: the editor's state (useFieldEditor) is made when it opens.
  const [editing, setEditing] = useState(false);
  const key = target && draftKey(target);
  const held = useHeldDraft(key);
  const open = () => (target ? drafts.open({ target, label, base: version, text: value, opened: value }) : setEditing(true));
  const close = () => (key ? drafts.drop(key) : setEditing(false));
  // A held draft waits while the page may not edit (a moment travelled to): its record's card shows the record.
  if (!canEdit || (!editing && !held)) {
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
  return <OpenEditor {...props} held={held} onClose={close} />;
}
