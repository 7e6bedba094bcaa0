// A word-level diff of two texts (jsdiff, via shared/gcc/compare/branch-diff.ts), unified (one text, deletions struck
// through) or side by side (old | new, line by line).
import { memo, useMemo } from 'react';
import { diffStats, sideBySide, wordDiff, type DiffPart } from '../../../shared/gcc/compare/branch-diff.ts';

export type DiffMode = 'unified' | 'split';

interface Props {
  before: string;
  after: string;
  mode: DiffMode;
  /** Column titles in side-by-side mode. */
  beforeLabel?: string;
  afterLabel?: string;
  testId?: string;
  /** In unified mode, fold unchanged stretches longer than this many lines (a long file with a small append). */
  foldUnchangedLines?: number;
}

/** Keeps the first and last two lines of long unchanged parts, with a marker for the lines left out. */
function fold(parts: readonly DiffPart[], max: number): (DiffPart | { kind: 'fold'; lines: number })[] {
  const out: (DiffPart | { kind: 'fold'; lines: number })[] = [];
  for (const p of parts) {
    const lines = p.kind === 'same' ? p.text.split('\n') : [];
    if (lines.length <= max) {
      out.push(p);
      continue;
    }
    out.push({ kind: 'same', text: lines.slice(0, 2).join('\n') + '\n' });
    out.push({ kind: 'fold', lines: lines.length - 4 });
    out.push({ kind: 'same', text: lines.slice(-2).join('\n') });
  }
  return out;
}

function Parts({ parts }: { parts: readonly (DiffPart | { kind: 'fold'; lines: number })[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'fold' ? (
          <span key={i} className="diff-fold">
            ⋯ {p.lines} unchanged lines
          </span>
        ) : p.kind === 'added' ? (
          <ins key={i}>{p.text}</ins>
        ) : p.kind === 'removed' ? (
          <del key={i}>{p.text}</del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

export const TextDiff = memo(function TextDiff({ before, after, mode, beforeLabel = 'before', afterLabel = 'after', testId, foldUnchangedLines }: Props) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  const stats = useMemo(() => diffStats(parts), [parts]);
  const rows = useMemo(() => (mode === 'split' ? sideBySide(parts) : []), [mode, parts]);
  const same = before === after;
  return (
    <div className={`text-diff text-diff-${mode}`} data-testid={testId} data-mode={mode}>
      <div className="text-diff-stats muted">
        {same ? 'identical' : (
          <>
            <span className="diff-added-count">+{stats.added}</span> <span className="diff-removed-count">−{stats.removed}</span> words
          </>
        )}
      </div>
      {mode === 'unified' ? (
        <div className="diff-body">{parts.length ? <Parts parts={foldUnchangedLines ? fold(parts, foldUnchangedLines) : parts} /> : <span className="muted">(empty)</span>}</div>
      ) : (
        <div className="diff-split" role="table" aria-label={`${beforeLabel} and ${afterLabel}, side by side`}>
          <div className="diff-split-head" role="row">
            <span role="columnheader">{beforeLabel}</span>
            <span role="columnheader">{afterLabel}</span>
          </div>
          {rows.map((r, i) => (
            <div key={i} className={`diff-split-row${r.changed ? ' is-changed' : ''}`} role="row">
              <span role="cell" className="diff-cell diff-cell-before">
                <Parts parts={r.left} />
              </span>
              <span role="cell" className="diff-cell diff-cell-after">
                <Parts parts={r.right} />
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
});
