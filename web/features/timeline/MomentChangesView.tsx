// "What changed" from the moment shown to now: branches that appeared or changed status, records added, fields that
// hand edits changed since, and how main.md grew. Opened on demand (one request, not one per moment of a drag).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { changesOptions } from '../../api/timelineQueries.ts';
import { countOf } from '../../ui/count.ts';

export function MomentChangesView({ at, revision }: { at: string; revision: number }) {
  const [open, setOpen] = useState(false);
  const { data, error } = useQuery({ ...changesOptions(at, 'now', revision), enabled: open });
  return (
    <details className="moment-changes" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="pill">what changed since</summary>
      {open ? (
        <div className="moment-changes-body" data-testid="moment-changes">
          {error ? <p>{error.message}</p> : null}
          {data && data.branches.length === 0 && data.fields.length === 0 && data.roadmapAdded === null ? <p>Nothing: the memory is as it is now.</p> : null}
          <ul>
            {data?.branches.map((b) => (
              <li key={b.branch}>
                <span className="mono">{b.branch}</span>
                {b.added ? ' created' : ''}
                {b.status ? ` ${b.status.before ?? '—'} → ${b.status.after ?? '—'}` : ''}
                {b.steps.after !== b.steps.before ? ` · +${countOf(b.steps.after - b.steps.before, 'step')}` : ''}
                {b.commits.after !== b.commits.before ? ` · +${countOf(b.commits.after - b.commits.before, 'commit')}` : ''}
                {b.purpose ? ' · purpose edited' : ''}
              </li>
            ))}
            {data?.fields.map((f) => (
              <li key={`${f.branch}:${f.kind}:${f.index}:${f.field}`}>
                <span className="mono">{f.branch}</span> {f.kind} {f.index + 1}: {f.field} edited
              </li>
            ))}
            {data?.roadmapAdded ? <li>main.md: {countOf(data.roadmapAdded.split('\n## ').length - 1 || 1, 'part')} added</li> : null}
          </ul>
        </div>
      ) : null}
    </details>
  );
}
