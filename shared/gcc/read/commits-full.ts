// commit.md's full reader: every layout, every diagnostic. commits-fast.ts reads the standard layout faster and hands it
// everything else; the tests hold the two equal, this one as the reference.

import type { Commit } from '../../types.ts';
import { Chunk } from './chunk.ts';
import { escapeStyleOf, hasLuaCorruption, unescapeValue, type EscapeStyle } from './escape.ts';
import { TIMESTAMP_RE, backticked, RecordEnd, preview, probableTimestamp, type ItemStarts, provisionalEnd } from './records.ts';
import { FieldSplitter } from './record-fields.ts';
import type { CommitHeader, CommitsParseResult, CommitsState } from './commits.ts';

const LABELS = ['**Timestamp:**', '**Branch Purpose:**', '**Previous Progress Summary:**', "**This Commit's Contribution:**"] as const;
const NAMES = ['timestamp', 'branch purpose', 'previous progress summary', "this commit's contribution"] as const;
const STARTS: ItemStarts = { afterBlank: ['## Commit ', '# Commit History '], direct: [] };

/** continueCommits as the full reader reads it: `tail` = the file's bytes from `state.consumed` to its end. */
export function continueCommitsFully(state: CommitsState, tail: Uint8Array): CommitsParseResult {
  return new CommitsReader(state, tail).run();
}

class CommitsReader {
  private readonly c: Chunk;
  private readonly state: CommitsState;
  private readonly style: EscapeStyle;
  private readonly commits: Commit[] = [];
  private readonly seen: Set<string>;
  private header: CommitHeader | null = null;
  private headerSeen: boolean;
  private branch: string;
  private provisional: boolean;
  private readonly recordEnd = new RecordEnd();
  private readonly fields = new FieldSplitter(LABELS);

  constructor(state: CommitsState, tail: Uint8Array) {
    this.state = state;
    this.c = new Chunk(state, tail);
    this.style = escapeStyleOf(state.dialect);
    this.seen = new Set(state.seenIds);
    this.headerSeen = state.headerSeen;
    this.provisional = state.provisional;
    this.branch = state.branch;
  }

  run(): CommitsParseResult {
    const { text } = this.c;
    const ended = provisionalEnd(this.state.provisional, text, STARTS);
    if (ended === 'disproved') return { ...this.finish(0, true), needsFullReparse: true };
    if (ended === 'undecided') return this.finish(0, true);
    if (ended === 'confirmed') this.provisional = false;
    return this.finish(this.c.readItems(this.readItem), false);
  }

  private readonly readItem = (p: number): number => {
    const { text } = this.c;
    const next = !this.headerSeen && text.startsWith('# Commit History', p) ? this.readHeader(p) : text.startsWith('## Commit ', p) ? this.readCommit(p) : this.readStray(p);
    if (next !== -1) this.headerSeen = true;
    return next;
  };

  private finish(pos: number, keepProvisional: boolean): CommitsParseResult {
    const c = this.c;
    const { resume, pending } = c.stopAt(pos, () => 'The last commit block is incomplete.');
    const state: CommitsState = {
      file: resume.file,
      consumed: resume.consumed,
      line: resume.line,
      fingerprint: resume.fingerprint,
      dialect: this.state.dialect,
      headerSeen: this.headerSeen,
      branch: this.branch,
      givenBranch: this.state.givenBranch,
      seenIds: this.commits.length ? [...this.seen] : this.state.seenIds,
      provisional: keepProvisional ? this.state.provisional : this.provisional,
      commits: this.state.commits + this.commits.length,
    };
    return { header: this.header, commits: this.commits, pending, diagnostics: c.diagnostics, state, needsFullReparse: false };
  }

  private readHeader(p: number): number {
    const header = this.c.headerLine(p);
    if (!header) return -1;
    const { line, end } = header;
    const branch = backticked(line);
    if (!line.startsWith('# Commit History — branch `') || branch === null) {
      this.c.report(p, 'info', 'nonstandard-commit-header', `Commit file header ${preview(line)} is not \`# Commit History — branch \`name\`\`.`);
    }
    if (branch !== null) {
      if (this.branch && branch !== this.branch) {
        this.c.report(p, 'warning', 'branch-name-mismatch', `The header names branch \`${branch}\` but the file belongs to \`${this.branch}\`; commits use \`${branch}\`.`);
      }
      this.branch = branch;
    }
    this.header = { branch, range: { start: this.c.byteAt(p), end: this.c.byteAt(end) } };
    return end;
  }

  private readCommit(p: number): number {
    const c = this.c;
    const { text } = c;
    const end = this.recordEnd.find(text, p, STARTS);
    if (end.kind === 'incomplete') return -1;
    const rec = text.slice(p, end.closeAt);
    const range = { start: c.byteAt(p), end: c.byteAtRecordEnd(p, end.end, end.innerDashLines.length) };
    const nl = rec.indexOf('\n');
    const headerLine = (nl === -1 ? rec : rec.slice(0, nl)).replace(/\r$/, '');
    let commitId = backticked(headerLine);
    if (commitId === null || !headerLine.startsWith('## Commit `')) {
      commitId = headerLine.slice('## Commit '.length).trim();
      c.report(p, 'info', 'legacy-commit-header', `Commit header ${preview(headerLine)} has no backticks around the id.`);
    }
    const label = `Commit ${commitId || '(no id)'}`;
    if (!commitId) c.report(p, 'warning', 'missing-commit-id', 'A commit header without an id.');
    else if (this.seen.has(commitId)) {
      c.report(p, 'warning', 'duplicate-commit-id', `Commit id \`${commitId}\` was already used by an earlier commit in this file (Zig repeats ids within one millisecond); both are kept.`);
    }
    this.seen.add(commitId);
    const split = this.fields.split(text, nl === -1 ? end.closeAt : p + nl + 1, end.closeAt);
    const values = ['', '', '', ''];
    for (let k = 0; k < 4; k++) {
      const raw = split.values[k];
      if (raw === null || raw === undefined) continue;
      if (k === 0) {
        values[0] = raw.replace(/\r$/, '');
        continue;
      }
      values[k] = unescapeValue(raw, this.style);
      if (this.style === 'lua' && hasLuaCorruption(raw)) {
        c.report(p, 'warning', 'lua-escape-corruption',
          `${label}'s ${NAMES[k]} was written by Contexa Lua, which turns every newline (and dashes that end a line) into \`\\n\\---\\n\`. ` +
          `Read as ${preview(values[k]!)}; dashes at line ends may have been lost. On disk: ${preview(raw)}.`);
      }
    }
    const ts = values[0]!;
    if (split.values[0] !== null && !TIMESTAMP_RE.test(ts)) {
      const probable = probableTimestamp(ts);
      if (probable !== null && probable !== ts) c.report(p, 'warning', 'corrupted-timestamp', `${label}'s timestamp ${preview(ts)} has stray characters; probably ${probable}.`);
      else if (probable === null) c.report(p, 'warning', 'invalid-timestamp', `${label}'s timestamp ${preview(ts)} is not an ISO-8601 time.`);
    }
    if (split.stray !== null && split.stray.trim() !== '') {
      c.report(p, 'warning', 'unlabelled-text', `${label} has text outside any field: ${preview(split.stray)}.`);
    }
    const missing = NAMES.filter((_, k) => split.values[k] === null);
    if (missing.length > 0) c.report(p, 'info', 'missing-field', `${label} has no ${missing.map((m) => `\`${m}\``).join(', ')} field; read as empty.`);
    if (split.crlf) c.report(p, 'info', 'crlf-line-endings', `${label} uses CRLF line endings between its fields.`);
    if (split.oddEnding) c.report(p, 'info', 'nonstandard-layout', `${label} does not end with the blank line writers put before \`---\`.`);
    if (split.ambiguous()) c.report(p, 'info', 'ambiguous-field-boundary', `${label} has a value line that looks like a field label after a blank line; the first one was taken as the label.`);
    for (const at of end.innerDashLines) {
      c.report(at, 'info', 'unescaped-separator', `A bare \`---\` line inside ${label} (the writer did not escape it): kept as part of the value.`);
    }
    this.commits.push({
      commitId,
      branchName: this.branch,
      branchPurpose: values[1]!,
      previousProgressSummary: values[2]!,
      thisCommitContribution: values[3]!,
      timestamp: ts,
      range,
    });
    this.provisional = end.provisional;
    return end.end;
  }

  private readStray(p: number): number {
    return this.c.skipStray(p, ['## Commit '], 'commit', preview);
  }
}
