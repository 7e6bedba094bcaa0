// The text typed into an open record editor, held outside the card: a card dropped when its record is rewritten on
// disk, or scrolled out of the log's window, finds its draft here when it is drawn again.
import { useSyncExternalStore } from 'react';
import { targetKey, type CommitField, type StepField } from '../../../shared/gcc/write/edit.ts';

/** The field of one record a draft was typed for, as the edit routes name it. */
export type DraftTarget =
  | { kind: 'commit'; branch: string; index: number; commitId: string; field: CommitField }
  | { kind: 'step'; branch: string; index: number; step: number; field: StepField };

export interface HeldDraft {
  key: string;
  target: DraftTarget;
  /** The field's name as the editor reads it ("the thought of step 3 (#3)"). */
  label: string;
  /** The version of the record the draft was started from: a save is made against it. */
  base: string;
  text: string;
  /** The field's text when the editor opened. */
  opened: string;
}

export const draftKey = (t: DraftTarget): string => `${targetKey(t)}:${t.field}`;

const held = new Map<string, HeldDraft>();
const listeners = new Set<() => void>();
/** Changes when a draft is opened or dropped, not on each key typed (no card needs to redraw for that). */
let generation = 0;

function changed(): void {
  generation += 1;
  for (const l of [...listeners]) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const drafts = {
  get: (key: string): HeldDraft | undefined => held.get(key),
  open(draft: Omit<HeldDraft, 'key'>): void {
    const key = draftKey(draft.target);
    if (held.has(key)) return;
    held.set(key, { ...draft, key });
    changed();
  },
  /** The typed text, kept without telling anyone: it is read back only when an editor is drawn again. */
  type(key: string, text: string): void {
    const d = held.get(key);
    if (d) d.text = text;
  },
  drop(key: string): void {
    if (held.delete(key)) changed();
  },
  /** Every held draft on one branch's records of one kind. */
  of: (branch: string, kind: DraftTarget['kind']): HeldDraft[] => [...held.values()].filter((d) => d.target.branch === branch && d.target.kind === kind),
};

/** The draft held for `key` (none when `key` is undefined), redrawn when one is opened or dropped. */
export function useHeldDraft(key: string | undefined): HeldDraft | undefined {
  return useSyncExternalStore(subscribe, () => (key === undefined ? undefined : held.get(key)));
}

/** Redraws when any draft is opened or dropped. */
export function useDraftsChanged(): number {
  return useSyncExternalStore(subscribe, () => generation);
}
