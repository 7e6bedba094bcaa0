// Token count for every K as small bars, so the cost of raising K is visible before choosing it.
import { formatCount } from '../../ui/count.ts';

interface Props {
  counts: readonly (number | undefined)[];
  /** Per K: the count is a lower bound ("≥"). */
  atLeast?: readonly boolean[];
  k: number;
  onPick(k: number): void;
}

const H = 44;

export function TokenChart({ counts, atLeast = [], k, onPick }: Props) {
  const ge = (i: number) => (atLeast[i] ? '≥ ' : '');
  if (counts.length === 0) return null;
  const max = Math.max(1, ...counts.map((c) => c ?? 0));
  const w = 100 / counts.length;
  return (
    <figure className="token-chart" aria-label="Tokens for each K">
      <svg viewBox={`0 0 100 ${H}`} preserveAspectRatio="none" role="group" data-testid="token-chart">
        {counts.map((c, i) => {
          const h = c === undefined ? 2 : Math.max(2, (c / max) * (H - 2));
          return (
            <rect
              key={i}
              x={i * w + w * 0.12}
              width={w * 0.76}
              y={H - h}
              height={h}
              className={`token-bar${i + 1 === k ? ' is-current' : ''}${c === undefined ? ' is-pending' : ''}`}
              onClick={() => onPick(i + 1)}
              data-k={i + 1}
              data-tokens={c ?? ''}
            >
              <title>{c === undefined ? `K=${i + 1}: …` : `K=${i + 1}: ${ge(i)}${formatCount(c)} tokens`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="muted">
        <span>
          K=1 · {ge(0)}
          {counts[0] === undefined ? '…' : formatCount(counts[0])}
        </span>
        <span>
          K={counts.length} · {ge(counts.length - 1)}
          {counts[counts.length - 1] === undefined ? '…' : formatCount(counts[counts.length - 1]!)} tokens
        </span>
      </figcaption>
    </figure>
  );
}
