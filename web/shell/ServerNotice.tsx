// What the page tells the user about the server itself, above everything else: that it no longer takes this page's
// token (and exactly what to do), or that it restarted and the page caught up by itself. Never a silent retry loop.
import { useState } from 'react';
import { useAuthState, type AuthState } from '../api/auth.ts';
import { useLiveState } from '../api/liveStore.ts';

function clock(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : new Date(t).toLocaleTimeString();
}

/** The words for a refusal: a token that worked before means a restart with a new token. */
export function refusalText(auth: Pick<AuthState, 'everAccepted' | 'refusal'>): { title: string; detail: string } {
  const started = auth.refusal?.startedAt ? clock(auth.refusal.startedAt) : '';
  const since = started ? ` at ${started}` : '';
  const reopen = 'Open the URL gcc-studio printed when it started (it ends in ?token=…), in this tab or another one: this page then picks the token up by itself.';
  if (auth.refusal?.code === 'token-missing') return { title: 'This page has no token for gcc-studio.', detail: reopen };
  if (auth.everAccepted) {
    return {
      title: `gcc-studio restarted${since} with a new token, so this page can no longer read the workspace.`,
      detail: `${reopen} (Started without --token, gcc-studio keeps one token per workspace; it changes only with --new-token or a new token file.)`,
    };
  }
  return { title: `The server on this port${since ? ` (started${since})` : ''} does not take this page's token.`, detail: reopen };
}

export function ServerNotice() {
  const auth = useAuthState();
  const restartedAt = useLiveState((s) => s.restartedAt);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (auth.status === 'refused') {
    const { title, detail } = refusalText(auth);
    return (
      <div className="server-notice server-notice-error" role="alert" data-testid="server-notice" data-kind="token-refused">
        <strong>{title}</strong> <span>{detail}</span>
      </div>
    );
  }
  if (restartedAt && dismissed !== restartedAt) {
    return (
      <div className="server-notice" role="status" data-testid="server-notice" data-kind="restarted">
        <span>gcc-studio restarted at {clock(restartedAt)}; this page reconnected and caught up by itself.</span>
        <button type="button" className="btn" onClick={() => setDismissed(restartedAt)}>
          Dismiss
        </button>
      </div>
    );
  }
  return null;
}
