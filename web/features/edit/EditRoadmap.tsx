// main.md edited part by part: the roadmap given at init and each section a commit appended. Only the part's text
// changes; headings, the Initialized line and later appends stay as the agent wrote them.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { roadmapPartVersion, type RoadmapPart } from '../../../shared/gcc/write/edit.ts';
import { editApi } from '../../api/editClient.ts';
import { invalidateAfterEdit, roadmapPartsOptions } from '../../api/editQueries.ts';
import { formatTimestamp } from '../../ui/time.ts';
import { useCanEdit } from './EditAccess.ts';
import { EditableText } from './EditableText.tsx';
import { EditedMark } from './EditedMark.tsx';
import { MarkdownText } from '../../ui/Markdown.tsx';
import './edit.css';

export function EditRoadmap({ onClose }: { onClose(): void }) {
  const client = useQueryClient();
  const canEdit = useCanEdit();
  const { data, error } = useQuery({ ...roadmapPartsOptions(), staleTime: 0 });
  return (
    <div className="roadmap roadmap-editing" data-testid="roadmap-editor">
      <div className="roadmap-edit-head">
        <span className="muted">Editing main.md one section at a time.</span>
        <button type="button" className="btn" onClick={onClose}>
          Done
        </button>
      </div>
      {error ? <div className="notice notice-error">Could not read main.md: {error.message}</div> : null}
      {data?.parts.map((part: RoadmapPart) => (
        <section key={part.index} className={part.kind === 'body' ? 'roadmap-body' : 'roadmap-update'} data-testid="roadmap-part">
          <h3 className="roadmap-part-head">
            {part.kind === 'body' ? 'Roadmap' : part.kind === 'update' ? 'Update' : 'Appended'}{' '}
            {part.timestamp ? (
              <time className="muted" title={part.timestamp}>
                {formatTimestamp(part.timestamp)}
              </time>
            ) : null}
            <EditedMark target={{ kind: 'roadmap', index: part.index }} version={roadmapPartVersion(part)} />
          </h3>
          {part.textRange === null ? (
            <>
              <MarkdownText text={part.text} />
              <p className="muted">This section holds bytes that cannot be edited safely here.</p>
            </>
          ) : (
            <EditableText
              value={part.text}
              version={part.version}
              label={part.kind === 'body' ? 'the roadmap' : `roadmap section ${part.index}`}
              markdown
              canEdit={canEdit}
              render={(text) => (text ? <MarkdownText text={text} /> : <span className="muted">(empty)</span>)}
              conflictText={(current) => (current as RoadmapPart).text ?? ''}
              save={async (draft, version) => {
                await editApi.roadmapPart(part.index, { version, text: draft });
                await invalidateAfterEdit(client, { kind: 'roadmap', index: part.index });
              }}
            />
          )}
        </section>
      ))}
    </div>
  );
}
