// The state of one in-place editor: open/closed, the draft and the version it was made from, the Write/Preview tab,
// a save in flight, its error, and the conflict a 409 sent back.
import { useEffect, useId, useRef, useState } from 'react';
import { EditConflictError } from '../../api/editClient.ts';
import type { EditableTextProps } from './EditableText.tsx';

export type Conflict = { text: string; version: string };
export type EditorTab = 'write' | 'preview';

export function useFieldEditor(props: Pick<EditableTextProps, 'value' | 'version' | 'save' | 'conflictText'>) {
  const { value, version } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [base, setBase] = useState(version);
  const [tab, setTab] = useState<EditorTab>('write');
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

  return { editing, draft, setDraft, base, tab, setTab, busy, error, conflict, area, id, open, close, submit };
}
