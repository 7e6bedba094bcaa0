// Which records the Python, TypeScript, Go and Rust readers give back exactly as they are, proved by a few string scans,
// so the transcribed reader runs only for the rest (for a 205,000-step log, seconds saved).
import type { Commit, OtaStep } from '../../types.ts';

// Why a value might not come back unchanged:
// - a line break other than `\n` (Python's universal newlines and splitlines(), Rust's lines() dropping `\r`);
//   `\x1f` is not one, but Python strips it, so it is refused with them;
// - a line a reader acts on: a step or commit header, a label (Python and Rust also cut a label found anywhere in
//   the line, `line.split(label)[-1]`);
// - a blank line (all four drop it) or a line with leading or trailing whitespace (Python, TypeScript and Rust trim
//   each line): see isEdgeSpace.
// Each is a separate plain scan (a character class, a substring), not one regex with alternatives, which tries every
// alternative at every position: this runs over every value of a 50 MB log.
const ODD_BREAK = /[\r\v\f\x1c-\x1f\x85\u2028\u2029]/;
const LABEL = /\*\*(?:Observation|Thought|Action|Timestamp|Branch Purpose|Previous Progress Summary|This Commit's Contribution):\*\*/;
const HEADER = /### Step|## Commit/;

/**
 * Whitespace any of the four languages' trims removes (JS trim(): `\s`, U+FEFF included; Python strip(): adds
 * `\x1c`-`\x1f` and `\x85`; Go and Rust: Unicode White_Space, within those), and every other control character.
 */
function isEdgeSpace(c: number): boolean {
  if (c <= 0x20) return true;
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/**
 * A header field (timestamp, commit id): words of non-space characters separated by single spaces. No `—` (the
 * TypeScript reader splits the step header on every ` — `), no backtick (the commit id's quotes), no `*` (labels),
 * no `---` (`---\n` splits the file wherever it occurs, not only on a line of its own).
 */
const PLAIN_FIELD = /^[^\s\x1c-\x1f\x85`*—]+(?: [^\s\x1c-\x1f\x85`*—]+)*$/;

// Deliberately conservative: a record not proved plain is read by the real reader, so a false "not plain" only costs
// time, while a false "plain" would change the output. Each rule names the reader behaviour it rules out; the fast
// path is checked against the readers on every corpus record and on random records (plain-record.test.ts).
/** A value that every line reader returns unchanged from the writer's escaped text. */
export function isPlainValue(value: string): boolean {
  if (value === '') return true;
  if (ODD_BREAK.test(value)) return false;
  if (value.includes('**') && LABEL.test(value)) return false;
  if (value.includes('## ') && HEADER.test(value)) return false;
  const dashes = value.includes('---');
  let previousWasDashes = false;
  for (let start = 0, last = false; !last; ) {
    let end = value.indexOf('\n', start);
    if (end < 0) {
      end = value.length;
      last = true;
    }
    if (end === start || isEdgeSpace(value.charCodeAt(start)) || isEdgeSpace(value.charCodeAt(end - 1))) return false;
    // The file is split on `---\n` wherever it occurs, so only a line ending in `---` matters. The writer's escape
    // turns an inner `---` line into `\---`, which the readers rejoin and unescape; anything else ending in `---`
    // (a first or last line, `----`, `x---`, `\---`, a second `---` line in a row, which the escape skips) is refused.
    const isDashes = dashes && end - start === 3 && value.startsWith('---', start);
    if (dashes && !isDashes && value.startsWith('---', end - 3) && end - 3 >= start) return false;
    if (isDashes && (start === 0 || last || previousWasDashes)) return false;
    previousWasDashes = isDashes;
    start = end + 1;
  }
  return true;
}

const isPlainField = (text: string): boolean => PLAIN_FIELD.test(text) && !text.includes('---');

/**
 * A step whose block every line reader (Python, TypeScript, Go, Rust) reads back as exactly one block with these
 * fields. Whether the reader keeps that block (an action-only step is dropped by three of them) is its own rule.
 * The step number must print as plain digits; an empty timestamp would make Python's header split fall back to `-`.
 */
export function isPlainStep(step: OtaStep): boolean {
  return (
    Number.isSafeInteger(step.step) &&
    step.step >= 0 &&
    isPlainField(step.timestamp) &&
    isPlainValue(step.observation) &&
    isPlainValue(step.thought) &&
    isPlainValue(step.action)
  );
}

/** A commit every line reader reads back as exactly one commit with these fields (and the given branch name). */
export function isPlainCommit(commit: Commit): boolean {
  return (
    isPlainField(commit.commitId) &&
    (commit.timestamp === '' || isPlainField(commit.timestamp)) &&
    isPlainValue(commit.branchPurpose) &&
    isPlainValue(commit.previousProgressSummary) &&
    isPlainValue(commit.thisCommitContribution)
  );
}
