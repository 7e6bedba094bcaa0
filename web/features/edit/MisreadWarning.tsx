// Before a save: the draft holds lines Contexa's readers take for a record's edge (a header, a closing `---`). Says
// which readers misread it and what each would read instead, and offers the safe form (a backslash before each such
// line, which reads as the same text everywhere). The server refuses such a text too (422), with the same report.
import type { MisreadReport } from '../../../shared/gcc/dialects/misread.ts';
import { FIELD_WORDS, READER_NAMES } from '../../../shared/gcc/dialects/misread.ts';

interface Props {
  report: MisreadReport;
  /** The field being edited: only its text is shown of what each reader reads. */
  field: string;
  onUseSafeForm(text: string): void;
}

export function MisreadWarning({ report, field, onUseSafeForm }: Props) {
  const mine = report.fields.find((f) => f.field === field) ?? report.fields[0];
  return (
    <div className="edit-misread" role="alert" data-testid="edit-misread">
      <p className="edit-misread-note">
        <strong>Contexa&rsquo;s readers would misread this text.</strong> {mine && mine.lines.length === 1 ? 'A line' : 'Lines'} (
        {mine?.lines.map((l) => <code key={l}>{l}</code>)}) {mine && mine.lines.length === 1 ? 'is' : 'are'} taken for a record&rsquo;s edge (a new {report.record.startsWith('step') ? 'step' : 'commit'}&rsquo;s header, or the closing <code>---</code>) by:
      </p>
      <ul className="edit-misread-readers">
        {report.readers.map((r) => (
          <li key={r.reader} data-reader={r.reader}>
            <span className="edit-misread-reader">{READER_NAMES[r.reader]}</span> {r.problems.join('; ')}.{' '}
            <span className="muted">
              It reads{' '}
              {r.reads.length === 0
                ? 'nothing here'
                : r.reads.map((rec, i) => (
                    <span key={i} className="edit-misread-record">
                      {i > 0 ? ', then ' : ''}
                      {rec.label}
                      {rec.fields[field] !== undefined ? (
                        <>
                          {' '}
                          with {FIELD_WORDS[field] ?? field} <q className="edit-plain">{rec.fields[field]}</q>
                        </>
                      ) : null}
                    </span>
                  ))}
              .
            </span>
          </li>
        ))}
      </ul>
      <div className="edit-actions">
        {mine ? (
          <button type="button" className="btn" data-testid="use-safe-form" onClick={() => onUseSafeForm(mine.safeText)}>
            Use the safe form
          </button>
        ) : null}
        <span className="muted edit-misread-hint">A backslash before each such line, or before its closing <code>---</code>: every reader then reads it as text, and Markdown shows it unchanged. Saving the text as it is is refused.</span>
      </div>
    </div>
  );
}
