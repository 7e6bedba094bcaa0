import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { workspaceOptions } from '../../api/queries.ts';
import { splitRoadmap } from './roadmap.ts';
import { formatTimestamp } from '../../ui/time.ts';
import { EditRoadmap, useCanEdit } from '../edit/index.ts';
import { MarkdownText } from '../../ui/Markdown.tsx';

/** main.md: the plan, then each `## Update (TS)` a commit appended, as a dated entry. */
export function RoadmapPanel() {
  const { data } = useQuery(workspaceOptions());
  const sections = useMemo(() => splitRoadmap(data?.roadmap.text ?? ''), [data?.roadmap.text]);
  const canEdit = useCanEdit();
  const [editing, setEditing] = useState(false);
  if (editing) return <EditRoadmap onClose={() => setEditing(false)} />;
  if (sections.length === 0) return <div className="empty">main.md is empty.</div>;
  return (
    <div className="roadmap" data-testid="roadmap">
      {canEdit ? (
        <div className="roadmap-tools">
          <button type="button" className="btn" onClick={() => setEditing(true)}>
            Edit roadmap
          </button>
        </div>
      ) : null}
      {sections.map((s, i) =>
        s.heading ? (
          <section className="roadmap-update" key={i}>
            <h3>
              Update{' '}
              {s.timestamp ? (
                <time className="muted" title={s.timestamp}>
                  {formatTimestamp(s.timestamp)}
                </time>
              ) : null}
            </h3>
            <MarkdownText text={s.body} />
          </section>
        ) : (
          <MarkdownText key={i} text={s.body} className="roadmap-body" />
        ),
      )}
    </div>
  );
}
