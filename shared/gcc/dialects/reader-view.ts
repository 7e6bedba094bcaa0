// What each Contexa implementation's own parser returns for a branch, computed from our lossless
// records. CONTEXT is rendered from this view (../context/render.ts), because every implementation renders
// what it read: trimmed lines, dropped blank lines, dropped action-only steps, a `---` line inside
// a value that splits one step into two, a `### Step` line inside a value that renumbers a step...
//
// Method: write each record back as the implementation's writer wrote it (the block format and the
// `\n---\n` escape are the same in Python, TypeScript, Rust and Go), then run a transcription of that
// implementation's parser over the text. Doing it at the text level is what reproduces the effects
// of a value on the parse (a `---` line that splits a step in two) without special cases.
//
// Python, TypeScript, Go: transcribed from their code and checked against every corpus expected.json.
// Rust: inferred from its corpus output (its source at this version was not available); it agrees
// with every expected.json, but where two readings fit the corpus the choice is noted inline.
// Lua, Elixir and Zig: APPROXIMATE readers at the end of this file.
//
// Without the files, records are re-written canonically, so a hand-edited or legacy file (a
// `### Step N-ts` header, a commit id without backticks) is only approximated: pass the files and each
// record is read from its own bytes instead (checked on edge/legacy-handcrafted for all four).
import type { ByteRange, Commit, OtaStep } from '../../types.ts';
import { commitMarkdown, stepMarkdown, type RenderDialect, universalNewlines } from '../context/render.ts';
import { isPlainCommit, isPlainStep } from './plain-record.ts';

export interface ReaderRecords {
  commits: Commit[];
  steps: OtaStep[];
}

interface ReaderInput {
  commits: readonly Commit[];
  steps: readonly OtaStep[];
}

/** The branch's files, when at hand: each record is then read from its own bytes (its `range`). */
export interface ReaderFiles {
  log?: Uint8Array;
  commit?: Uint8Array;
  /**
   * Bytes after the last complete record (log.ts's and commits.ts's `pending.range`): a last block
   * without its closing `---`, which the implementations read like any other block.
   */
  logPending?: ByteRange | null;
  commitPending?: ByteRange | null;
}

/**
 * The commits and steps the implementation's parser returns for a branch whose files hold `records`.
 * Each returned record keeps `range` (and `mergedFrom`) of the lossless record its block started in,
 * so the page can point from the reader's view back to the file.
 *
 * With `files`, each record is read from the file's bytes at its range, so what the canonical
 * re-writing cannot carry (a legacy `### Step N-ts` header, a commit id without backticks, CRLF
 * line ends) is read as the implementation reads it. The records must come from those bytes.
 */
export function readerView(dialect: RenderDialect, records: ReaderInput, files: ReaderFiles = {}): ReaderRecords {
  if (dialect === 'zig') return ZIG_IDENTITY(records);
  const reader = READERS[dialect];
  return {
    commits: parseCommits(reader, records.commits, files.commit, files.commitPending),
    steps: parseSteps(reader, records.steps, files.log, files.logPending),
  };
}

/** What a parser takes from one block. */
interface StepBlock {
  step: number;
  timestamp: string;
  observation: string;
  thought: string;
  action: string;
}
interface CommitBlock {
  commitId: string;
  timestamp: string;
  branchPurpose: string;
  previousProgressSummary: string;
  thisCommitContribution: string;
}

/** How one implementation reads: the writer it pairs with, and how it reads one block. */
interface Reader {
  /** Python reads files in text mode: `\r\n` and `\r` become `\n` before parsing. */
  readText(text: string): string;
  /** The writer's escape of values. */
  escape(value: string): string;
  trim(text: string): string;
  /** The step the parser returns for a trimmed, non-empty block, or null when it drops it. */
  readStep(block: string): StepBlock | null;
  readCommit(block: string): CommitBlock | null;
  /** Lua's and Elixir's readers leave branchName empty. */
  branchName?(written: string): string;
  /** Lua and Elixir split on `\n---\n` (no rejoin needed); the others on `---\n`, rejoining escapes. */
  separator?: '\n---\n';
  /**
   * Set for the readers that give a plain record (plain-record.ts) back unchanged, which lets them skip the
   * transcribed parser for it: whether such a step is kept (three of them drop a step with only an action).
   */
  keepsPlainStep?(observation: string, thought: string, action: string): boolean;
}

/** How a line-by-line parser (Python, TypeScript, Go, Rust) reads; each function mirrors its code. */
interface ParserRules {
  readText(text: string): string;
  escape(value: string): string;
  trim(text: string): string;
  lines(block: string): string[];
  stepHeaderPrefix: string;
  /** Returns undefined for a part the parser leaves unchanged (Go's Sscanf failing). */
  parseStepHeader(line: string): { step: number | undefined; timestamp: string | undefined };
  commitHeaderPrefix: string;
  parseCommitId(line: string): string;
  /** The value on a `**Label:**` line. */
  labelValue(line: string, label: string): string;
  /** A line that continues the current field, or null when the parser skips it. */
  continuation(line: string): string | null;
  keepStep(observation: string, thought: string, action: string): boolean;
}

const desanitize = (text: string): string => text.replaceAll('\n\\---\n', '\n---\n');

// Whitespace sets of each language's trim, as character classes.
// Python str.strip(): str.isspace(), which includes \x1c-\x1f but not U+FEFF.
const PY_SPACE = '\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
// Go strings.TrimSpace and Rust str::trim: Unicode White_Space.
const WS_SPACE = '\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const trimmer = (cls: string): ((s: string) => string) => {
  const re = new RegExp(`^[${cls}]+|[${cls}]+$`, 'g');
  return (s) => s.replace(re, '');
};
const pyStrip = trimmer(PY_SPACE);
const wsTrim = trimmer(WS_SPACE);
const jsTrim = (s: string): string => s.trim();

// Python str.splitlines() boundaries (after universal newlines only the non-\r ones remain).
const PY_LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

function pySplitlines(text: string): string[] {
  const parts = text.split(PY_LINE_BREAK);
  // splitlines() gives no empty last element for a trailing line break.
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Python int(): optional sign, digits with single underscores between them, surrounding spaces allowed. */
function pyInt(text: string): number | undefined {
  const t = pyStrip(text);
  if (!/^[+-]?\d+(_\d+)*$/.test(t)) return undefined;
  return Number.parseInt(t.replaceAll('_', ''), 10);
}

const pythonRules = (): ParserRules => ({
  readText: universalNewlines,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: pyStrip,
  lines: pySplitlines,
  stepHeaderPrefix: '### Step',
  parseStepHeader(line) {
    const header = pyStrip(line.slice('### Step'.length));
    // ` — ` first; the legacy `### Step N-ts` form splits on the first `-`.
    const sep = header.includes(' — ') ? ' — ' : '-';
    const at = header.indexOf(sep);
    const parts = at < 0 ? [header] : [header.slice(0, at), header.slice(at + sep.length)];
    return { step: pyInt(parts[0] ?? '') ?? 0, timestamp: parts.length > 1 ? pyStrip(parts[1] ?? '') : '' };
  },
  commitHeaderPrefix: '## Commit',
  parseCommitId: (line) => (line.includes('`') ? (line.split('`')[1] ?? '') : ''),
  // line.split(label)[-1].strip(): a label repeated on its own line is dropped too.
  labelValue: (line, label) => pyStrip(line.split(label).at(-1) ?? ''),
  continuation: (line) => (pyStrip(line) ? pyStrip(line) : null),
  keepStep: (o, t, a) => Boolean(o || t || a),
});
const PYTHON = pythonRules();

const TYPESCRIPT: ParserRules = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: jsTrim,
  lines: (block) => block.split('\n'),
  stepHeaderPrefix: '### Step ',
  parseStepHeader(line) {
    const parts = line.split(' — ');
    const step = Number.parseInt((parts[0] ?? '').replace('### Step ', ''), 10) || 0;
    return { step, timestamp: parts[1]?.trim() ?? '' };
  },
  commitHeaderPrefix: '## Commit `',
  parseCommitId: (line) => line.replace(/^## Commit `|`\s*$/g, ''),
  // String.replace with a string pattern replaces the first occurrence only.
  labelValue: (line, label) => line.replace(label, '').trim(),
  continuation: (line) => (line.trim() ? line.trim() : null),
  // `if (obs || thought)`: a step with only an action is dropped (and the writer then reuses its number).
  keepStep: (o, t) => Boolean(o || t),
};

const GO: ParserRules = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: wsTrim,
  lines: (block) => block.split('\n'),
  stepHeaderPrefix: '### Step ',
  parseStepHeader(line) {
    const at = line.indexOf(' — ');
    const head = at < 0 ? line : line.slice(0, at);
    // fmt.Sscanf(parts[0], "### Step %d", &step): on failure step keeps its previous value.
    const m = /^### Step[ \t\r\n]*([+-]?\d+)/.exec(head);
    return {
      step: m ? Number.parseInt(m[1] ?? '', 10) : undefined,
      timestamp: at < 0 ? undefined : wsTrim(line.slice(at + ' — '.length)),
    };
  },
  commitHeaderPrefix: '## Commit `',
  parseCommitId: (line) => {
    const id = line.slice('## Commit `'.length);
    return id.endsWith('`') ? id.slice(0, -1) : id;
  },
  labelValue: (line, label) => wsTrim(line.slice(label.length)),
  // Only an exactly empty line is skipped: indentation, trailing `\r` and blank-looking lines stay.
  continuation: (line) => (line !== '' ? line : null),
  keepStep: (o, t) => Boolean(o || t),
};

const RUST: ParserRules = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: wsTrim,
  // str::lines(): split on \n and drop one trailing \r.
  lines: (block) => block.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)),
  stepHeaderPrefix: '### Step',
  parseStepHeader(line) {
    // Splits on `—` (so the legacy `N-ts` form gives step 0 and no timestamp).
    const rest = wsTrim(line.slice('### Step'.length));
    const at = rest.indexOf('—');
    const head = wsTrim(at < 0 ? rest : rest.slice(0, at));
    const step = /^\+?\d+$/.test(head) ? Number.parseInt(head, 10) : 0;
    return { step, timestamp: at < 0 ? '' : wsTrim(rest.slice(at + 1)) };
  },
  commitHeaderPrefix: '## Commit `',
  parseCommitId: (line) => line.slice('## Commit `'.length).replace(/`+$/, ''),
  // The corpus shows a repeated label is dropped (like Python); replace-all is our reading of that.
  labelValue: (line, label) => wsTrim(line.replaceAll(label, '')),
  continuation: (line) => (wsTrim(line) ? wsTrim(line) : null),
  keepStep: (o, t) => Boolean(o || t),
};

const STEP_LABELS = [
  ['**Observation:**', 'observation'],
  ['**Thought:**', 'thought'],
  ['**Action:**', 'action'],
] as const;
const COMMIT_LABELS = [
  ['**Branch Purpose:**', 'branchPurpose'],
  ['**Previous Progress Summary:**', 'previousProgressSummary'],
  ["**This Commit's Contribution:**", 'thisCommitContribution'],
] as const;

/**
 * Splits one written record as the parser splits the file: on `---\n`, rejoining a piece that ends in
 * `\` with the next one (an escaped separator); Lua and Elixir split on `\n---\n`, which an escaped
 * `\n\---\n` never contains. A record's own closing `\n\n---\n` always ends a block (the character
 * before `---` is a newline, never `\`), so no block spans two records: each record can be read
 * alone, and its reading cached.
 */
function writtenBlocks(text: string, separator: '---\n' | '\n---\n' = '---\n'): string[] {
  const raw = text.split(separator);
  if (separator !== '---\n') return raw;
  const blocks: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let block = raw[i] ?? '';
    while (block.endsWith('\\') && i + 1 < raw.length) block += separator + (raw[++i] ?? '');
    blocks.push(block);
  }
  return blocks;
}

/**
 * Readings per record object, per reader: a live branch re-reads only what was appended, and
 * rendering for several K reads the same records again. Records are treated as immutable.
 */
const stepCache = new WeakMap<Reader, WeakMap<OtaStep, OtaStep[]>>();
const commitCache = new WeakMap<Reader, WeakMap<Commit, Commit[]>>();
// Readings from file bytes are kept apart: the same record reads differently from its raw bytes.
const rawStepCache = new WeakMap<Reader, WeakMap<OtaStep, OtaStep[]>>();
const rawCommitCache = new WeakMap<Reader, WeakMap<Commit, Commit[]>>();
const utf8 = new TextDecoder();

/** The record's own bytes, decoded (invalid UTF-8 as U+FFFD), or null when its range is not in `file`. */
function rawText(file: Uint8Array | undefined, range: { start: number; end: number }): string | null {
  if (!file || range.start < 0 || range.end > file.length || range.start >= range.end) return null;
  return utf8.decode(file.subarray(range.start, range.end));
}

function cacheFor<K extends object, V>(caches: WeakMap<Reader, WeakMap<K, V>>, reader: Reader): WeakMap<K, V> {
  let cache = caches.get(reader);
  if (!cache) caches.set(reader, (cache = new WeakMap()));
  return cache;
}

/** The steps the reader's parser returns for a written text; each keeps `range` and `mergedFrom` of its owner. */
function readStepText(reader: Reader, text: string, range: ByteRange, mergedFrom: string | undefined): OtaStep[] {
  const steps: OtaStep[] = [];
  for (const block of writtenBlocks(reader.readText(text), reader.separator)) {
    const trimmed = reader.trim(block);
    const fields = trimmed ? reader.readStep(trimmed) : null;
    if (!fields) continue;
    const record: OtaStep = { ...fields, range };
    if (mergedFrom !== undefined) record.mergedFrom = mergedFrom;
    steps.push(record);
  }
  return steps;
}

function readCommitText(reader: Reader, text: string, range: ByteRange, branchName: string): Commit[] {
  const commits: Commit[] = [];
  for (const block of writtenBlocks(reader.readText(text), reader.separator)) {
    const trimmed = reader.trim(block);
    const fields = trimmed ? reader.readCommit(trimmed) : null;
    if (!fields) continue;
    commits.push({
      commitId: fields.commitId,
      branchName: reader.branchName ? reader.branchName(branchName) : branchName,
      branchPurpose: fields.branchPurpose,
      previousProgressSummary: fields.previousProgressSummary,
      thisCommitContribution: fields.thisCommitContribution,
      timestamp: fields.timestamp,
      range,
    });
  }
  return commits;
}

/** The fast path's reading of a plain step: the object readStepText would build, field for field, key for key. */
function plainStepReading(keep: NonNullable<Reader['keepsPlainStep']>, owner: OtaStep): OtaStep[] {
  if (!keep(owner.observation, owner.thought, owner.action)) return [];
  const record: OtaStep = {
    step: owner.step,
    timestamp: owner.timestamp,
    observation: owner.observation,
    thought: owner.thought,
    action: owner.action,
    range: owner.range,
  };
  if (owner.mergedFrom !== undefined) record.mergedFrom = owner.mergedFrom;
  return [record];
}

function plainCommitReading(owner: Commit): Commit[] {
  return [
    {
      commitId: owner.commitId,
      branchName: owner.branchName,
      branchPurpose: owner.branchPurpose,
      previousProgressSummary: owner.previousProgressSummary,
      thisCommitContribution: owner.thisCommitContribution,
      timestamp: owner.timestamp,
      range: owner.range,
    },
  ];
}

/** The reading of one record re-written canonically: the fast path when it is plain, else the transcribed reader. */
function stepReadingOf(reader: Reader, owner: OtaStep): OtaStep[] {
  const cache = cacheFor(stepCache, reader);
  let steps = cache.get(owner);
  if (!steps) {
    steps = reader.keepsPlainStep && isPlainStep(owner)
      ? plainStepReading(reader.keepsPlainStep, owner)
      : readStepText(reader, stepMarkdown(owner, reader.escape), owner.range, owner.mergedFrom);
    cache.set(owner, steps);
  }
  return steps;
}

function commitReadingOf(reader: Reader, owner: Commit): Commit[] {
  const cache = cacheFor(commitCache, reader);
  let commits = cache.get(owner);
  if (!commits) {
    commits = reader.keepsPlainStep && isPlainCommit(owner)
      ? plainCommitReading(owner)
      : readCommitText(reader, commitMarkdown(owner, reader.escape), owner.range, owner.branchName);
    cache.set(owner, commits);
  }
  return commits;
}

function parseSteps(reader: Reader, source: readonly OtaStep[], file?: Uint8Array, pending?: ByteRange | null): OtaStep[] {
  const out: OtaStep[] = [];
  if (!file) {
    for (const owner of source) for (const r of stepReadingOf(reader, owner)) out.push(r);
    return out;
  }
  const cache = cacheFor(rawStepCache, reader);
  for (const owner of source) {
    let steps = cache.get(owner);
    if (!steps) {
      const raw = rawText(file, owner.range);
      steps = raw === null ? stepReadingOf(reader, owner) : readStepText(reader, raw, owner.range, owner.mergedFrom);
      cache.set(owner, steps);
    }
    for (const r of steps) out.push(r);
  }
  const tail = pending ? rawText(file, pending) : null;
  if (tail !== null && pending) out.push(...readStepText(reader, tail, pending, undefined));
  return out;
}

function parseCommits(reader: Reader, source: readonly Commit[], file?: Uint8Array, pending?: ByteRange | null): Commit[] {
  const out: Commit[] = [];
  if (!file) {
    for (const owner of source) for (const r of commitReadingOf(reader, owner)) out.push(r);
    return out;
  }
  const cache = cacheFor(rawCommitCache, reader);
  for (const owner of source) {
    let commits = cache.get(owner);
    if (!commits) {
      const raw = rawText(file, owner.range);
      commits = raw === null ? commitReadingOf(reader, owner) : readCommitText(reader, raw, owner.range, owner.branchName);
      cache.set(owner, commits);
    }
    for (const r of commits) out.push(r);
  }
  const tail = pending ? rawText(file, pending) : null;
  if (tail !== null && pending) out.push(...readCommitText(reader, tail, pending, source.at(-1)?.branchName ?? ''));
  return out;
}

// ---------------------------------------------------------------------------------------------
// One record at a time, for views kept current as records are appended (reader-tally.ts).

/**
 * The steps readerView(dialect, …) returns for this one record (without files): the same objects every time.
 * Zig's view is the record itself.
 */
export function stepReading(dialect: RenderDialect, record: OtaStep): readonly OtaStep[] {
  return dialect === 'zig' ? [record] : stepReadingOf(READERS[dialect], record);
}

export function commitReading(dialect: RenderDialect, record: Commit): readonly Commit[] {
  return dialect === 'zig' ? [record] : commitReadingOf(READERS[dialect], record);
}

/** How many steps stepReading(dialect, record) returns, without building them when the record is plain. */
export function stepYield(dialect: RenderDialect, record: OtaStep): number {
  if (dialect === 'zig') return 1;
  const reader = READERS[dialect];
  if (reader.keepsPlainStep && isPlainStep(record)) return reader.keepsPlainStep(record.observation, record.thought, record.action) ? 1 : 0;
  return stepReadingOf(reader, record).length;
}

/**
 * For a dialect whose reader gives plain records (plain-record.ts) back unchanged: whether it keeps a plain step
 * with these fields. null for Lua, Elixir and Zig, whose every record goes through their own reader.
 */
export function plainStepRule(dialect: RenderDialect): ((observation: string, thought: string, action: string) => boolean) | null {
  return dialect === 'zig' ? null : (READERS[dialect].keepsPlainStep ?? null);
}

/** The transcribed reader alone, never the fast path nor a cache: what the fast path is tested against. */
export function transcribedReading(
  dialect: Exclude<RenderDialect, 'zig'>,
  record: { step: OtaStep } | { commit: Commit },
): OtaStep[] | Commit[] {
  const reader = READERS[dialect];
  if ('step' in record) {
    const s = record.step;
    return readStepText(reader, stepMarkdown(s, reader.escape), s.range, s.mergedFrom);
  }
  const c = record.commit;
  return readCommitText(reader, commitMarkdown(c, reader.escape), c.range, c.branchName);
}

/** The line-by-line parser of Python, TypeScript, Go and Rust, configured by its rules. */
function lineReader(rules: ParserRules): Reader {
  return {
    keepsPlainStep: rules.keepStep,
    readText: rules.readText,
    escape: rules.escape,
    trim: rules.trim,
    readStep(block) {
      let step = 0;
      let timestamp = '';
      const fields: Partial<Record<'observation' | 'thought' | 'action', string[]>> = {};
      let current: string[] | null = null;
      for (const line of rules.lines(block)) {
        if (line.startsWith(rules.stepHeaderPrefix)) {
          const h = rules.parseStepHeader(line);
          if (h.step !== undefined) step = h.step;
          if (h.timestamp !== undefined) timestamp = h.timestamp;
          current = null;
          continue;
        }
        const label = STEP_LABELS.find(([l]) => line.startsWith(l));
        if (label) {
          current = [rules.labelValue(line, label[0])];
          fields[label[1]] = current;
        } else if (current) {
          const more = rules.continuation(line);
          if (more !== null) current.push(more);
        }
      }
      const get = (key: 'observation' | 'thought' | 'action'): string =>
        desanitize(rules.trim((fields[key] ?? ['']).join('\n')));
      const observation = get('observation');
      const thought = get('thought');
      const action = get('action');
      return rules.keepStep(observation, thought, action) ? { step, timestamp, observation, thought, action } : null;
    },
    readCommit(block) {
      let commitId = '';
      let timestamp = '';
      const fields: Partial<Record<(typeof COMMIT_LABELS)[number][1], string[]>> = {};
      let current: string[] | null = null;
      for (const line of rules.lines(block)) {
        if (line.startsWith(rules.commitHeaderPrefix)) {
          commitId = rules.parseCommitId(line);
          current = null;
        } else if (line.startsWith('**Timestamp:**')) {
          timestamp = rules.labelValue(line, '**Timestamp:**');
          current = null;
        } else {
          const label = COMMIT_LABELS.find(([l]) => line.startsWith(l));
          if (label) {
            current = [rules.labelValue(line, label[0])];
            fields[label[1]] = current;
          } else if (current) {
            const more = rules.continuation(line);
            if (more !== null) current.push(more);
          }
        }
      }
      if (!commitId) return null;
      const get = (key: (typeof COMMIT_LABELS)[number][1]): string =>
        desanitize(rules.trim((fields[key] ?? ['']).join('\n')));
      return {
        commitId,
        timestamp,
        branchPurpose: get('branchPurpose'),
        previousProgressSummary: get('previousProgressSummary'),
        thisCommitContribution: get('thisCommitContribution'),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// APPROXIMATE readers: Lua, Elixir, Zig. Their code at the corpus version was not available; these
// are read from their corpus output, and reader-view.test.ts measures how close they come.

/**
 * Lua's writer meant to escape `\n---\n` with gsub, but `-` is a Lua pattern quantifier: the pattern
 * matches every `\n` and every run of dashes before one, so each newline is written as `\n\---\n`
 * and a `---` line vanishes.
 */
export function luaEscape(value: string): string {
  return value.replace(/-*\n/g, '\n\\---\n');
}

/** Lua (APPROXIMATE): its corrupting writer, then a Python-like reader that keeps action-only steps. */
const LUA: Reader = {
  ...lineReader({ ...pythonRules(), readText: (t) => t, lines: (b) => b.split('\n') }),
  escape: luaEscape,
  separator: '\n---\n',
  branchName: () => '',
  // Its escape rewrites every newline, and it keeps action-only steps: always run its (approximate) reader.
  keepsPlainStep: undefined,
};

/**
 * Elixir (APPROXIMATE): a value runs from its label (leading whitespace skipped) to the first
 * `\n\n**`, kept exactly otherwise. Its step-header regex runs on bytes, so the timestamp starts
 * with the two trailing bytes of `—` (0x80 0x94), which we can only show as two U+FFFD.
 */
const ELIXIR: Reader = {
  readText: (t) => t,
  escape: (v) => v.replaceAll('\n---\n', '\n\\---\n'),
  trim: (s) => s.replace(/^\s+|\s+$/gu, ''),
  readStep(block) {
    const header = /### Step (\d+) —([^\n]*)/.exec(block);
    const observation = elixirField(block, '**Observation:**');
    const thought = elixirField(block, '**Thought:**');
    const action = elixirField(block, '**Action:**');
    if (!observation && !thought && !action) return null;
    return {
      step: header ? Number(header[1]) : 0,
      timestamp: header ? '\uFFFD\uFFFD' + (header[2] ?? '').trimEnd() : '',
      observation,
      thought,
      action,
    };
  },
  readCommit(block) {
    const id = /## Commit `([^`]+)`/.exec(block);
    if (!id) return null;
    return {
      commitId: id[1] ?? '',
      timestamp: elixirField(block, '**Timestamp:**'),
      branchPurpose: elixirField(block, '**Branch Purpose:**'),
      previousProgressSummary: elixirField(block, '**Previous Progress Summary:**'),
      thisCommitContribution: elixirField(block, "**This Commit's Contribution:**"),
    };
  },
  branchName: () => '',
  separator: '\n---\n',
};

function elixirField(block: string, label: string): string {
  const at = block.indexOf(label);
  if (at < 0) return '';
  const rest = block.slice(at + label.length).replace(/^\s+/u, '');
  const cut = rest.indexOf('\n\n**');
  return desanitize((cut < 0 ? rest : rest.slice(0, cut)).trimEnd());
}

/** Zig has no record parser: its CONTEXT copies raw file text, so its "view" is the records as they are. */
const ZIG_IDENTITY = (records: ReaderInput): ReaderRecords => ({ commits: [...records.commits], steps: [...records.steps] });

const READERS: Record<Exclude<RenderDialect, 'zig'>, Reader> = {
  python: lineReader(PYTHON),
  typescript: lineReader(TYPESCRIPT),
  rust: lineReader(RUST),
  go: lineReader(GO),
  lua: LUA,
  elixir: ELIXIR,
};
