// The exact moments of a workspace read from git: each commit that changed .GCC/, newest first, to travel to. The axis
// marks them apart (axisDraw.ts); the moments between them stay reconstructed.
import type { GitMomentMark } from '../../../shared/timeline-api.ts';
import { formatInstant } from '../../ui/time.ts';

interface Props {
  at: string | null;
  moments: readonly GitMomentMark[];
  travelTo: (moment: string | null) => void;
}

export function GitMomentPicker({ at, moments, travelTo }: Props) {
  const chosen = moments.find((m) => at !== null && (at === m.moment || m.commit.startsWith(at.replace(/^git:/, ''))));
  return (
    <select className="timeline-git" aria-label="Exact moments: git commits" data-testid="git-moments" value={chosen?.moment ?? ''} onChange={(e) => travelTo(e.target.value || null)}>
      <option value="">{`${moments.length} git commit${moments.length === 1 ? '' : 's'} (exact)`}</option>
      {moments.map((m) => (
        <option key={m.commit} value={m.moment}>
          {`${m.commit.slice(0, 10)} · ${formatInstant(m.time)} · ${m.subject.split('\n')[0]!.slice(0, 60)}`}
        </option>
      ))}
    </select>
  );
}
