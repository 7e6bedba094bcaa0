import type { CompareWarning } from '../../../shared/gcc/compare/branch-diff.ts';
import { InlineCode } from '../../ui/InlineCode.tsx';

/** What deserves a second look before merging, each with its reason. */
export function CompareWarnings({ warnings }: { warnings: readonly CompareWarning[] }) {
  if (warnings.length === 0) {
    return (
      <p className="compare-ok" data-testid="compare-warnings" data-count="0">
        Nothing to warn about: the head merges cleanly as far as the files tell.
      </p>
    );
  }
  return (
    <ul className="compare-warnings" data-testid="compare-warnings" data-count={warnings.length} aria-label="Warnings">
      {warnings.map((w, i) => (
        <li key={`${w.code}-${i}`} className={`compare-warning sev-${w.severity}`} data-code={w.code}>
          <span className={`sev sev-${w.severity}`}>{w.severity}</span>
          <span className="compare-warning-text">
            <InlineCode text={w.message} />
          </span>
        </li>
      ))}
    </ul>
  );
}
