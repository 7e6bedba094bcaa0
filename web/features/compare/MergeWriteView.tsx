// One file a merge changes, folded to a line until opened: then its appended bytes, or a word diff of the file it
// replaces.
import type { MergeWriteView as Write } from '../../../shared/compare-api.ts';
import { TextDiff, type DiffMode } from './TextDiff.tsx';
import { formatCount } from '../../ui/count.ts';

const KIND_TITLE: Record<Write['kind'], string> = {
  log: 'Copied steps',
  commit: 'Merge commit',
  roadmap: 'Roadmap line',
  metadata: 'Head metadata',
};

const bytes = (n: number) => `${formatCount(n)} byte${n === 1 ? '' : 's'}`;

export function MergeWriteView({ write, mode, roadmap }: { write: Write; mode: DiffMode; roadmap: string }) {
  const where = write.mode === 'append' ? `appends ${bytes(write.byteLength)} after byte ${formatCount(write.baseSize)}` : `replaces the file (${bytes(write.byteLength)})`;
  return (
    <details className="merge-write" data-testid="merge-write" data-kind={write.kind}>
      <summary className="merge-write-head">
        <span className="merge-write-kind">{KIND_TITLE[write.kind]}</span>
        <code className="merge-write-file">{write.file}</code>
        <span className="muted">{where}</span>
      </summary>
      {!write.exactText ? <p className="merge-write-note muted">Some bytes are not UTF-8 (as this dialect writes them) and show as �.</p> : null}
      {write.kind === 'roadmap' ? (
        <TextDiff before={roadmap} after={roadmap + write.text} mode={mode} beforeLabel="main.md now" afterLabel="after the merge" testId="roadmap-diff" foldUnchangedLines={8} />
      ) : write.mode === 'replace' ? (
        <TextDiff before={write.previousText ?? ''} after={write.text} mode={mode} beforeLabel="now" afterLabel="after the merge" testId="metadata-diff" />
      ) : (
        <pre className="merge-bytes" data-testid={`merge-bytes-${write.kind}`} tabIndex={0} aria-label={`The bytes appended to ${write.file}`}>
          {write.text}
        </pre>
      )}
    </details>
  );
}
