// The confirmation a merge asks for: a modal <dialog> naming the pair, every file the merge writes and how, and the
// summary it records.
import type { MergePreviewResponse, MergeWriteView } from '../../../shared/compare-api.ts';
import { countOf } from '../../ui/count.ts';
import { InlineCode } from '../../ui/InlineCode.tsx';
import { ModalDialog } from '../../ui/ModalDialog.tsx';

const DIALECT_NAMES: Record<string, string> = { python: 'Python', typescript: 'TypeScript', rust: 'Rust', go: 'Go', zig: 'Zig', lua: 'Lua', elixir: 'Elixir' };

export const dialectName = (d: string) => DIALECT_NAMES[d] ?? d;

/** What one write does, in words. */
export function writeWords(w: MergeWriteView, plan: MergePreviewResponse): string {
  switch (w.kind) {
    case 'log':
      return `appends the ${countOf(plan.copiedSteps.length, 'copied step')} (${countOf(w.byteLength, 'byte')})`;
    case 'commit':
      return `appends the merge commit (${countOf(w.byteLength, 'byte')})`;
    case 'roadmap':
      return `appends the roadmap line (${countOf(w.byteLength, 'byte')})`;
    case 'metadata':
      return `is rewritten whole: status merged, merged into ${plan.target}`;
  }
}

interface Props {
  plan: MergePreviewResponse;
  onConfirm(): void;
  onClose(): void;
}

export function MergeDialog({ plan, onConfirm, onClose }: Props) {
  return (
    <ModalDialog
      className="merge-dialog"
      testId="merge-dialog"
      title={
        <>
          Merge <code>{plan.branch}</code> into <code>{plan.target}</code>?
        </>
      }
      confirm={{ className: 'btn btn-primary', label: `Merge ${plan.branch} into ${plan.target}`, testId: 'merge-confirm' }}
      actionsClassName="merge-dialog-actions"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        gcc-studio takes the workspace’s write lock and writes {countOf(plan.writes.length, 'file')} as Contexa {dialectName(plan.dialect)}’s merge does:
      </p>
      <ul className="merge-dialog-files" data-testid="merge-dialog-files">
        {plan.writes.map((w) => (
          <li key={w.file}>
            <code>.GCC/{w.file}</code> <span className="muted">{writeWords(w, plan)}</span>
          </li>
        ))}
      </ul>
      {plan.notes.length ? (
        <ul className="merge-dialog-notes">
          {plan.notes.map((n) => (
            <li key={n}>
              <InlineCode text={n} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="merge-dialog-summary">
        <span className="muted">{plan.customSummary ? 'Your summary' : 'The automatic summary'}:</span>
        <blockquote>{plan.summary}</blockquote>
      </div>
      <p className="muted">You can undo it from this tab while nothing is written to these files after it.</p>
    </ModalDialog>
  );
}
