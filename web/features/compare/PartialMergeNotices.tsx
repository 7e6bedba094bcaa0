// Merges between the two branches that did not finish: from gcc-studio's intent record (certain: a crash mid-merge,
// to be rolled back), from what start-up recovery did about one, or from a merge's traces in the files alone.
import type { PartialMergeNotice } from '../../../shared/compare-api.ts';
import { InlineCode } from '../../ui/InlineCode.tsx';

const TITLES: Record<PartialMergeNotice['evidence'], string> = {
  record: 'A merge did not finish',
  recovered: 'A merge cut short was put right',
  files: 'This looks like a merge cut short',
};

export function PartialMergeNotices({ notices }: { notices: readonly PartialMergeNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <ul className="compare-partial-merges" data-testid="partial-merges" aria-label="Merges that did not finish">
      {notices.map((n, i) => (
        // The live role sits inside the item: a list holds only list items (axe's "list" rule).
        <li key={`${n.evidence}-${i}`} className={`notice notice-${n.severity}`} data-evidence={n.evidence}>
          <div role={n.severity === 'error' ? 'alert' : 'status'}>
            <strong>{TITLES[n.evidence]}.</strong> <InlineCode text={n.message} />
          </div>
        </li>
      ))}
    </ul>
  );
}
