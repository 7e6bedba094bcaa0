// What the chosen implementation did beside returning CONTEXT: the error it raises, what it did to the files, and
// gcc-studio's own lossless reading when it raises or reads nothing.
import type { ContextResponse } from '../../../shared/api.ts';
import type { ContextDialect } from '../../../shared/types.ts';
import { formatCount } from '../../ui/count.ts';

export const IMPLEMENTATION_NAMES: Record<ContextDialect, string> = {
  python: 'Python', typescript: 'TypeScript', rust: 'Rust', go: 'Go', lua: 'Lua', elixir: 'Elixir', zig: 'Zig',
};

/** Bytes the implementation returns that are not UTF-8 arrive as lone surrogates (escaped-text.ts); shown as U+FFFD. */
export const shownText = (text: string): string => text.replace(/(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/g, '\uFFFD');

export function ContextOutcome({ data }: { data: ContextResponse }) {
  const who = IMPLEMENTATION_NAMES[data.dialect];
  const notes = data.notes ?? [];
  return (
    <>
      {data.error !== undefined ? (
        <div className="notice notice-error" role="alert" data-testid="context-error">
          {who}&apos;s <code>context()</code> raises <code>{data.error}</code>: it returns no CONTEXT for this branch.
        </div>
      ) : null}
      {notes.length > 0 ? (
        <ul className="notice context-notes" data-testid="context-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {data.lossless ? (
        <section className="context-lossless" data-testid="context-lossless" aria-label="What gcc-studio reads">
          <h3>
            What gcc-studio reads — <em>not</em> {who}&apos;s output
          </h3>
          <p className="muted">
            {data.error !== undefined ? `${who} raises instead;` : `${who} reads nothing here that gcc-studio reads;`} this is the same layout
            rendered from gcc-studio&apos;s lossless reading of the files ({formatCount(data.lossless.tokens)} tokens).
          </p>
          <pre className="context-text" data-testid="context-lossless-text" tabIndex={0}>
            {shownText(data.lossless.text)}
          </pre>
        </section>
      ) : null}
    </>
  );
}
