// Drafts whose record is no longer in the list (its file was cut short on disk while the user typed): each stays open
// here, above the list, until it is saved, discarded, or its record is back and its card takes it again.
import { useQueryClient } from '@tanstack/react-query';
import { MarkdownText } from '../../ui/Markdown.tsx';
import { drafts, useDraftsChanged, type DraftTarget, type HeldDraft } from './drafts.ts';
import { useCanEdit } from './EditAccess.ts';
import { OpenEditor } from './EditableText.tsx';
import { fieldOf, saveDraft } from './saveDraft.ts';

interface Props {
  branch: string;
  kind: DraftTarget['kind'];
  /** How many records of that kind the branch has now: a draft at or past it has lost its card. */
  count: number;
}

export function DetachedDrafts({ branch, kind, count }: Props) {
  useDraftsChanged();
  // Not while the page may not edit (a moment travelled to holds fewer records: they are not gone).
  const canEdit = useCanEdit();
  const gone = drafts.of(branch, kind).filter((d) => d.target.index >= count);
  if (gone.length === 0 || !canEdit) return null;
  return (
    <section className="detached-drafts" aria-label="Drafts whose record is gone" data-testid="detached-drafts">
      {gone.map((d) => (
        <DetachedDraft key={d.key} draft={d} />
      ))}
    </section>
  );
}

function DetachedDraft({ draft }: { draft: HeldDraft }) {
  const client = useQueryClient();
  const { target } = draft;
  const markdown = target.kind === 'commit';
  return (
    <article className="detached-draft" data-testid="detached-draft">
      <h3>Your draft of {draft.label}</h3>
      <OpenEditor
        value={draft.opened}
        version={draft.base}
        label={draft.label}
        markdown={markdown}
        render={(text) => (markdown ? <MarkdownText text={text} /> : <div className="edit-plain">{text}</div>)}
        canEdit
        target={target}
        held={draft}
        removed
        save={(text, baseVersion) => saveDraft(client, target, text, baseVersion)}
        conflictText={(current) => fieldOf(current, target.field)}
        onClose={() => drafts.drop(draft.key)}
      />
    </article>
  );
}
