// A confirmation as a modal <dialog>: its title, its text, and Cancel (focused first, so Enter never confirms by
// accident) beside the one action. Esc and Cancel close it; Tab stays inside.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** The page behind a modal is inert, but Tab past its last control would leave for the browser's own: it wraps. */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>): void {
  if (e.key !== 'Tab') return;
  const stops = [...e.currentTarget.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter((el) => !el.hasAttribute('disabled'));
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  }
}

interface Props {
  className: string;
  testId: string;
  title: ReactNode;
  children: ReactNode;
  /** The action's button: its class, label and test id. */
  confirm: { className: string; label: ReactNode; testId: string };
  actionsClassName: string;
  onConfirm(): void;
  onClose(): void;
}

export function ModalDialog({ className, testId, title, children, confirm, actionsClassName, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current!;
    // Where the focus was (the control that opened it) is where it goes back: the dialog is gone from the page by the
    // time it closes, so the browser cannot.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    d.showModal();
    cancel.current?.focus();
    return () => {
      d.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={className}
      data-testid={testId}
      aria-labelledby={titleId}
      // Esc: the browser cancels the dialog; it is closed here, where the page keeps it.
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={keepTabInside}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className={actionsClassName}>
        <button type="button" className="btn" ref={cancel} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={confirm.className}
          data-testid={confirm.testId}
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirm.label}
        </button>
      </div>
    </dialog>
  );
}
