// The fast commit reader (commits-fast.ts, reached through commits.ts) against the full one (commits-full.ts, the reference): identical answers on the
// corpus, on generated files and on randomly damaged ones, whole and read in two pieces from every cut point.
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../types.ts';
import { continueCommits, initialCommitsState, parseCommits, type CommitsParseOptions, type CommitsParseResult } from './commits.ts';
import { continueCommitsFully } from './commits-full.ts';
import { encodeUtf8 } from './bytes.ts';
import { corpusFiles } from '../test-support/corpus.ts';
import { seededRandom } from '../test-support/fuzz-inputs.ts';
import { serializeCommit, serializeCommitHeader } from '../write/commit-write.ts';

const fullParse = (bytes: Uint8Array, options: CommitsParseOptions): CommitsParseResult => continueCommitsFully(initialCommitsState(options), bytes);

/** Every field of a result as text (undefined kept): a deep toEqual of thousands of results took minutes. */
function comparable(r: CommitsParseResult): string {
  return JSON.stringify({ ...r, state: { ...r.state, fingerprint: [...r.state.fingerprint] } }, (_, v: unknown) => (v === undefined ? '(undefined)' : v));
}

/** Both readers on `bytes` whole, then on the two pieces around each of `cuts`: every answer equal. */
function expectSame(bytes: Uint8Array, options: CommitsParseOptions, cuts: Iterable<number>, what: string): void {
  expect(comparable(parseCommits(bytes, options)), `${what}: whole`).toBe(comparable(fullParse(bytes, options)));
  for (const cut of cuts) {
    const fast = parseCommits(bytes.subarray(0, cut), options);
    const full = fullParse(bytes.subarray(0, cut), options);
    expect(comparable(fast), `${what}: first piece to ${cut}`).toBe(comparable(full));
    const rest = bytes.subarray(full.state.consumed);
    expect(comparable(continueCommits(fast.state, rest)), `${what}: rest from ${cut}`).toBe(comparable(continueCommitsFully(full.state, rest)));
  }
}

const every = (n: number): number[] => Array.from({ length: n + 1 }, (_, i) => i);

describe('the fast commit reader equals the full reader', () => {
  for (const f of corpusFiles().filter((x) => x.kind === 'commit')) {
    it(`${f.path}, whole and from every cut point`, () => {
      expectSame(f.bytes, { file: f.file, branch: f.branch, dialect: f.dialect }, every(f.bytes.length), f.path);
      expectSame(f.bytes, { file: f.file, dialect: undefined }, [], `${f.path} (no dialect, no branch)`);
    });
  }

  it('reads the standard layout on the fast path (the full reader is not what makes the answers equal)', () => {
    const bytes = encodeUtf8(generated(new Random(3), 'typescript', { plain: true }));
    const r = parseCommits(bytes, { file: 'f', branch: 'main', dialect: 'typescript' });
    expect(r.commits.length).toBeGreaterThan(3);
    expect(r.diagnostics).toEqual([]);
    expect(comparable(r)).toBe(comparable(fullParse(bytes, { file: 'f', branch: 'main', dialect: 'typescript' })));
  });

  it('on thousands of generated files, whole and cut at every byte of the last record', { timeout: 60_000 }, () => {
    const random = new Random(1);
    for (let n = 0; n < 1500; n++) {
      const dialect = random.pick(DIALECTS);
      const text = generated(random, dialect ?? 'typescript', { plain: random.next() < 0.3 });
      const bytes = encodeUtf8(text);
      const lastRecord = encodeUtf8(text.slice(0, Math.max(0, text.lastIndexOf('## Commit ')))).length;
      const cuts = n % 150 === 0 ? every(bytes.length) : every(bytes.length).filter((c) => (n % 15 === 0 && c >= lastRecord) || random.next() < 0.004);
      expectSame(bytes, { file: `branches/b${n}/commit.md`, branch: random.pick(['main', 'b-1', '', 'ünï']), dialect }, cuts, `generated #${n}`);
    }
  });

  it('on randomly edited files (bytes changed, dropped, doubled, invalid UTF-8 put in)', { timeout: 60_000 }, () => {
    const random = new Random(2);
    for (let n = 0; n < 2000; n++) {
      const dialect = random.pick(DIALECTS);
      const bytes = edited(random, encodeUtf8(generated(random, dialect ?? 'typescript', { plain: random.next() < 0.7 })));
      const cuts = every(bytes.length).filter(() => random.next() < 0.01);
      expectSame(bytes, { file: 'branches/main/commit.md', branch: 'main', dialect }, cuts, `edited #${n}`);
    }
  });
});

const DIALECTS: readonly (Dialect | undefined)[] = ['typescript', 'python', 'zig', 'lua', 'rust', undefined];

/** The fuzzers' seeded generator with the picks the files are made of: the same files every run. */
class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
}

const PLAIN_VALUES = ['', 'Primary reasoning trajectory', 'Initial state — no prior commits.', 'a `code` span and **bold**', 'line one\nline two', 'ünïcödé ✓ and 🚀', 'x'];
const ODD_VALUES = [
  ' leading space',
  'trailing space ',
  'a\n---\nb',
  'a\n---\n---\nb',
  'ends with\n---',
  'a\n\\---\nb',
  'blank\n\nline',
  'blank\n\n**bold** after',
  "x\n\n**This Commit's Contribution:** y",
  'x\n**Previous Progress Summary:** y',
  'crlf\r\nline',
  'cr\r',
  'x\r\n\r\n**Previous Progress Summary:** y',
  "x\r\n\r\n**This Commit's Contribution:** y",
  '## Commit `inner`',
  'a\n## Commit `abc`\nb',
  '# Commit History — branch `x`',
  '\n',
  '\n\n',
  'a\n\n---\nb',
  '---',
  'lua\n\\---\nnewline',
  'Title---',
  '\\\\---',
  '\u2028sep',
  'nul\u0000byte',
];
const TIMESTAMPS = [
  '2026-12-02T13:58:08.088Z',
  '2026-12-02T13:58:06.895582+00:00',
  '2026-12-02T13:58:06+05:30',
  '2026-12-02T13:58:06.123456789123Z',
  '2026-12-02T13:58:06.123456789012345678901Z',
  '2026-12-02T13:58:06',
  '2026-12-02 13:58:06Z',
  '2026-13-40T25:61:61Z',
  '0099-01-01T00:00:00Z',
  'x2026-12-02T13:58:06Zy',
  '',
  'yesterday',
  '2026-12-02T13:58:06.Z',
];
const IDS = ['c4a0a7ed', 'a9fb4e15', '00000000', 'ID with space', '', 'ü-id', 'c4a0a7ed'];

/** A commit.md: a header (mostly the writers'), then commits serialized as a writer would, some odd. */
function generated(random: Random, dialect: Dialect, { plain }: { plain: boolean }): string {
  const parts: string[] = [];
  const header = plain ? 0 : random.int(8);
  if (header === 0 || header > 4) parts.push(serializeCommitHeader('main'));
  else if (header === 1) parts.push(serializeCommitHeader(random.pick(['other', 'ünï', ''])));
  else if (header === 2) parts.push('# Commit History — branch `main`\n');
  else if (header === 3) parts.push('# Commit History\n\n');
  const count = 1 + random.int(plain ? 8 : 5);
  const ids = plain ? null : IDS;
  for (let c = 0; c < count; c++) {
    const value = () => (plain || random.next() < 0.6 ? random.pick(PLAIN_VALUES) : random.pick(ODD_VALUES));
    const commit = {
      commitId: ids ? random.pick(ids) : (c * 2654435761 + 12345).toString(16).padStart(8, '0').slice(-8),
      timestamp: plain || random.next() < 0.7 ? random.pick(TIMESTAMPS.slice(0, 4)) : random.pick(TIMESTAMPS),
      branchPurpose: value(),
      previousProgressSummary: value(),
      thisCommitContribution: value(),
    };
    let text = serializeCommit(commit, dialect);
    if (!plain) {
      const odd = random.int(14);
      if (odd === 0) text = text.replace(/\n/g, '\r\n');
      else if (odd === 1) text = text.replace('**Branch Purpose:** ', '**Branch Purpose:**');
      else if (odd === 2) text = text.replace(/\*\*Previous Progress Summary:\*\*[^]*?\n\n/, '');
      else if (odd === 3) text = text.replace('## Commit `', '## Commit ');
      else if (odd === 4) text = `\n\n${text}`;
      else if (odd === 5) text = `stray text\n\n${text}`;
      else if (odd === 6) text = text.replace('\n\n---\n', '\n---\n');
      else if (odd === 7) text = text.replace(/\n$/, '');
    }
    parts.push(text);
  }
  if (!plain && random.next() < 0.2) parts.push(random.pick(['\n', '\n\n', '## Commit `half', 'trailing words', '   \n']));
  return parts.join('');
}

/** A few random byte edits: a byte changed, dropped or doubled, an invalid UTF-8 byte put in. */
function edited(random: Random, bytes: Uint8Array): Uint8Array {
  let out = bytes;
  const edits = 1 + random.int(3);
  for (let e = 0; e < edits && out.length > 0; e++) {
    const at = random.int(out.length);
    const kind = random.int(4);
    const next = Array.from(out);
    if (kind === 0) next[at] = random.pick([0x0a, 0x0d, 0x2d, 0x2a, 0x60, 0x23, 0x20, 0x5c, 0x41]);
    else if (kind === 1) next.splice(at, 1);
    else if (kind === 2) next.splice(at, 0, next[at]!);
    else next.splice(at, 0, random.pick([0x80, 0xff, 0xe2, 0xc3]));
    out = Uint8Array.from(next);
  }
  return out;
}
