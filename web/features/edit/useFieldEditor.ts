// The state of one open editor: draft, save, conflict and misread. It exists only while a field is edited, because
// step cards are drawn by the thousand.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import * as readers from '../../../shared/gcc/dialects/misread.ts';
import type { MisreadReport } from '../../../shared/gcc/dialects/misread.ts';
import { EditConflictError, EditMisreadError } from '../../api/editClient.ts';
import { drafts, type HeldDraft } from './drafts.ts';
import type { EditableTextProps } from './EditableText.tsx';

export type Conflict = { text: string; version: string };
export type EditorTab = 'write' | 'preview';

/**
 * `close`: leaves the editor (after a save, on Cancel or Esc, or taking the disk's text). `held`: the record's draft
 * as drafts.ts keeps it, when the editor opens again on it (its card was drawn again).
 */
export function useFieldEditor(props: Pick<EditableTextProps, 'value' | 'version' | 'save' | 'conflictText' | 'misread'> & { held?: HeldDraft | undefined }, close: () => void) {
  const { value, version, held } = props;
  // Made from the record as it is when the editor first opens.
  const [draft, setDraftState] = useState(held?.text ?? value);
  const [base] = useState(held?.base ?? version);
  const setDraft = (text: string) => {
    setDraftState(text);
    if (held) drafts.type(held.key, text);
  };
  const [tab, setTab] = useState<EditorTab>('write');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [refusedMisread, setRefusedMisread] = useState<{ draft: string; report: MisreadReport } | null>(null);
  const check = props.misread?.check;
  const liveMisread = useMemo(() => (check ? check(draft, readers) : null), [check, draft]);
  // The page's own reading first; a 422 for this very draft when the page saw nothing (the file's bytes differ).
  const misread = liveMisread ?? (refusedMisread && refusedMisread.draft === draft ? refusedMisread.report : null);
  const area = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    const input = area.current;
    if (tab !== 'write' || !input) return;
    // Not scrolled to: a card drawn again in the log's window must not move the log.
    input.focus({ preventScroll: true });
    // At the end of the text: a draft given back (its card drawn again) is typed on where it stopped.
    input.setSelectionRange(input.value.length, input.value.length);
  }, [tab]);

  const submit = async (against: string) => {
    setBusy(true);
    setError(null);
    try {
      await props.save(draft, against);
      close();
    } catch (err) {
      if (err instanceof EditConflictError) {
        setConflict({ text: props.conflictText(err.conflict.current), version: err.conflict.version });
      } else if (err instanceof EditMisreadError) {
        setRefusedMisread({ draft, report: err.misread });
      } else {
        setError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  };

  return { draft, setDraft, base, tab, setTab, busy, error, conflict, misread, area, id, close, submit };
}
