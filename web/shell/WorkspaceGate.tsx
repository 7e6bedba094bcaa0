import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { graphCommitsOptions, workspaceOptions } from '../api/queries.ts';
import { updateUrlState, useUrlValue } from '../state/useUrlState.ts';

/** The columns need a workspace; until there is one, say plainly what is happening. */
export function WorkspaceGate({ children }: { children: ReactNode }) {
  const { data, error, isPending, refetch } = useQuery(workspaceOptions());
  const at = useUrlValue((u) => u.at ?? null);
  // The largest answer of the first screen (every branch's commits, for the graph in the side column) is asked beside
  // the workspace instead of once the columns have rendered from it.
  const client = useQueryClient();
  useEffect(() => void client.prefetchQuery(graphCommitsOptions()), [client]);
  if (isPending) return <div className="gate">Loading workspace…</div>;
  // A link's moment the server refuses (4xx) would be refused again: the way out is the live page, as the timeline's Now.
  if (error && at !== null && error instanceof ApiError && error.status >= 400 && error.status < 500)
    return (
      <div className="gate" role="alert" data-testid="unknown-moment">
        <p>
          This link asks for a moment this workspace does not know (<span className="mono">at={at}</span>).
        </p>
        <p className="muted">{error.message}</p>
        <button type="button" className="btn" onClick={() => updateUrlState({ at: null })}>
          Go to Live
        </button>
      </div>
    );
  if (error)
    return (
      <div className="gate">
        <p>Could not load the workspace: {error.message}</p>
        <button type="button" className="btn" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );
  if (!data.present)
    return (
      <div className="gate">
        <p>
          Waiting for <span className="mono">.GCC/</span> in <span className="mono">{data.root}</span>
        </p>
        <p className="muted">The page updates by itself as soon as an agent initialises its memory.</p>
      </div>
    );
  return <>{children}</>;
}
