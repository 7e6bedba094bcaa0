// The menu beside a branch's status pill: a button that opens what the status may become. Arrow keys only move
// between items; nothing is written until an item is clicked or chosen with Enter. As it opens it asks whether
// metadata.yaml can be saved at all: if not, the items are off and the menu says why, before anything is chosen.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMetadataSaveProblem } from './MetadataSaveCheck.tsx';
import { updateUrlState } from '../../state/useUrlState.ts';

interface Props {
  branch: string;
  /** Statuses the branch may be given from here (none for a merged branch). */
  choices: readonly string[];
  /** Set for a merged branch (`into` as its metadata names it): the menu points to Undo merge instead. */
  merged: { into: string | null } | null;
  busy: boolean;
  onChoose(status: string): void;
}

const itemLabel = (status: string) => (status === 'abandoned' ? 'Mark abandoned…' : `Mark ${status}`);

export function StatusMenu({ branch, choices, merged, busy, onChoose }: Props) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const noteId = useId();
  const items = () => [...(box.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (run: () => void) => {
    setOpen(false);
    button.current?.focus();
    run();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    // A menu button opens on ↓/↑ as on Enter: opening writes nothing.
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1 + list.length, Home: 0, End: list.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      list[moves[e.key]! % list.length]?.focus();
    } else if (e.key === 'Escape') {
      // Esc is the menu's while it is open (the page's Esc clears the selection).
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <span className="status-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="edit-btn status-menu-button"
        data-testid="branch-status-menu"
        aria-label={`Change the status of ${branch}`}
        title={busy ? 'Saving…' : 'Change the status (written to metadata.yaml)'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={busy}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKey}
      />
      {open ? <StatusMenuPop branch={branch} choices={choices} merged={merged} menuId={menuId} noteId={noteId} onKeyDown={onMenuKey} choose={choose} onChoose={onChoose} /> : null}
    </span>
  );
}

interface PopProps extends Pick<Props, 'branch' | 'choices' | 'merged' | 'onChoose'> {
  menuId: string;
  noteId: string;
  onKeyDown(e: KeyboardEvent): void;
  /** Closes the menu, gives the focus back to its button, then runs what was chosen. */
  choose(run: () => void): void;
}

/** The open menu: a merged branch's note, or why its metadata cannot be saved now, then its items. */
function StatusMenuPop({ branch, choices, merged, menuId, noteId, onKeyDown, choose, onChoose }: PopProps) {
  // A merged branch offers no status to write; the question matters only where there is one.
  const problem = useMetadataSaveProblem(branch);
  const unwritable = merged ? null : problem;
  return (
    <span className="status-menu-pop" onKeyDown={onKeyDown}>
      {merged ? (
        <span className="status-menu-note" id={noteId} data-testid="status-menu-merged">
          Merged{merged.into ? <> into <code>{merged.into}</code></> : null}: its status stays merged. To take the merge back, use Undo merge in Compare &amp; merge.
        </span>
      ) : null}
      {unwritable ? (
        <span className="status-menu-note status-menu-unwritable" id={noteId} role="status" data-testid="status-menu-unwritable">
          <strong>The status cannot change now:</strong> <code>{unwritable.path}</code> {unwritable.reason}.
        </span>
      ) : null}
      <span role="menu" id={menuId} aria-label={`Status of ${branch}`} aria-describedby={merged || unwritable ? noteId : undefined}>
        {choices.map((s) => (
          // aria-disabled, not disabled: the item stays in the arrows' path and says it is off.
          <button key={s} type="button" role="menuitem" tabIndex={-1} aria-disabled={unwritable ? true : undefined} onClick={() => (unwritable ? undefined : choose(() => onChoose(s)))}>
            {itemLabel(s)}
          </button>
        ))}
        {merged ? (
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(() => updateUrlState({ tab: 'compare', ...(merged.into ? { base: merged.into } : {}) }, 'push'))}>
            Open Compare &amp; merge
          </button>
        ) : null}
      </span>
    </span>
  );
}
