// Said over an open editor whose record changed or went away on disk while the user typed: the text stays, and can be
// copied out whatever is decided next.
import { useState } from 'react';

export type DraftNoticeKind = 'changed' | 'removed';

const SAID: Record<DraftNoticeKind, string> = {
  changed: 'This record changed on disk while you edited; your text is kept.',
  removed: 'This record was removed from disk while you edited; your text is kept.',
};

export function DraftNotice({ kind, draft }: { kind: DraftNoticeKind; draft: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(draft).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="edit-notice" role="status" data-testid="edit-notice" data-notice={kind}>
      <span>{SAID[kind]}</span>
      <button type="button" className="btn" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy text'}
      </button>
      {copied === false ? <span className="muted">The browser refused the clipboard: select the text and copy it.</span> : null}
    </div>
  );
}
