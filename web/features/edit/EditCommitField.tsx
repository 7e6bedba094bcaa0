// A commit field edited in place. Editing a contribution offers to carry the new text into the next commit's
// Previous Progress Summary, which Contexa filled from this contribution (the summary chain stays whole).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { commitVersion, type CommitField } from '../../../shared/gcc/write/edit.ts';
import type { Commit } from '../../../shared/types.ts';
import { branchOptions } from '../../api/queries.ts';
import { useCanEdit } from './EditAccess.ts';
import type { DraftTarget } from './drafts.ts';
import { EditableText, type MisreadModule } from './EditableText.tsx';
import { fieldOf, saveDraft } from './saveDraft.ts';
import { MarkdownText } from '../../ui/Markdown.tsx';

const LABELS: Record<CommitField, string> = {
  thisCommitContribution: "this commit's contribution",
  previousProgressSummary: 'the previous progress summary',
  branchPurpose: 'the branch purpose',
};

interface Props {
  branch: string;
  commit: Commit;
  index: number;
  field: CommitField;
  highlight: string;
}

export function EditCommitField({ branch, commit, index, field, highlight }: Props) {
  const client = useQueryClient();
  const canEdit = useCanEdit();
  const { data } = useQuery({ ...branchOptions(branch), enabled: false });
  const next = field === 'thisCommitContribution' ? data?.commits[index + 1] : undefined;
  // Checked by default when the next commit's summary is still this contribution, as Contexa wrote it.
  const [carry, setCarry] = useState<boolean | null>(null);
  const carryChecked = carry ?? (next !== undefined && next.previousProgressSummary === commit.thisCommitContribution);
  const check = useCallback((draft: string, readers: MisreadModule) => readers.commitMisread({ ...commit, [field]: draft }, [field]), [commit, field]);
  const target = useMemo((): DraftTarget => ({ kind: 'commit', branch, index, commitId: commit.commitId, field }), [branch, index, commit.commitId, field]);
  return (
    <EditableText
      value={commit[field]}
      version={commitVersion(commit)}
      label={`${LABELS[field]} of commit ${commit.commitId}`}
      markdown
      canEdit={canEdit}
      misread={{ field, check }}
      render={(text) => <MarkdownText text={text} highlight={highlight} />}
      target={target}
      conflictText={(current) => fieldOf(current, field)}
      save={async (draft, baseVersion) => {
        await saveDraft(client, target, draft, baseVersion, next && carryChecked ? { version: commitVersion(next) } : undefined);
        setCarry(null);
      }}
      extra={
        next
          ? () => (
              <label className="edit-carry">
                <input type="checkbox" checked={carryChecked} onChange={(e) => setCarry(e.target.checked)} />
                {/* One flex item: the sentence wraps as text, not as a column a word group. */}
                <span>
                  Also use it as the <em>Previous Progress Summary</em> of the next commit <code>{next.commitId}</code>
                  {next.previousProgressSummary !== commit.thisCommitContribution ? <span className="muted"> (which currently says something else)</span> : null}
                </span>
              </label>
            )
          : undefined
      }
    />
  );
}
