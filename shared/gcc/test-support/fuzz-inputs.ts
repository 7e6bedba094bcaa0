// Inputs for fuzzing the format core: corpus files damaged every way a file can be, seeded, so a failure can be replayed
// by its seed and index.
import { concatBytes, decodeUtf8, encodeUtf8 } from '../read/bytes.ts';

export type FuzzFileKind = 'log' | 'commit' | 'metadata' | 'roadmap';

export interface FuzzSeedFile {
  kind: FuzzFileKind;
  /** Where it came from, e.g. `python/.GCC/branches/main/log.md`. */
  source: string;
  bytes: Uint8Array;
}

export interface FuzzInput {
  kind: FuzzFileKind;
  /** The source file and the mutations applied, to read a failure by. */
  label: string;
  bytes: Uint8Array;
}

/** Small fast seeded generator (mulberry32): fuzz inputs must be replayable from their seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lines every reader looks for (headers, labels, separators, YAML keys), to be put where values are. */
export const STRUCTURE_LINES = [
  '---', '\\---', '\\\\---', '--- ', ' ---', '----',
  '## Commit `deadbeef`', '## Commit notes', '## Commit', '## Commit ``', '### Step 3 — 2026-01-01T00:00:00Z', '### Step 0', '### Step', '### Steps taken', '### Step 1-2026',
  '**Observation:** x', '**Thought:**', '**Action:** y', '**Timestamp:** z', "**This Commit's Contribution:** c", '**Branch Purpose:** p', '**Previous Progress Summary:** s',
  '## Merged from `other` (2026-01-01T00:00:00Z)', '# OTA Log — branch `main`', '# Commit History — branch `main`', '## Update (2026-01-01T00:00:00Z)', '**Initialized:** t',
  'name: main', 'status: merged', 'purpose: |', '  - item', 'created_at: "x"', 'merged_into: null', 'key: [unclosed', '"quoted: value', '- list', '? complex', '&anchor x', '*alias', '!!python/object x', '%YAML 1.2',
  '', '\r', ' ', '\t', '😀', 'naïve — ✓', '\u2028', '\u0000',
] as const;

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const int = (rng: Rng, n: number): number => Math.floor(rng() * n);

const concat = (...parts: Uint8Array[]): Uint8Array => concatBytes(parts);

/** Byte offsets just after each `\n` (line starts), the first line included. */
function lineStarts(bytes: Uint8Array): number[] {
  const out = [0];
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) out.push(i + 1);
  return out;
}

const INTERESTING_BYTES = [0x00, 0x0a, 0x0d, 0x20, 0x23, 0x2a, 0x2d, 0x3a, 0x5c, 0x60, 0x7f, 0x80, 0xc3, 0xe2, 0xef, 0xf0, 0xff];

type Mutation = (rng: Rng, bytes: Uint8Array, others: readonly FuzzSeedFile[]) => [string, Uint8Array];

const MUTATIONS: readonly Mutation[] = [
  (rng, b) => {
    const at = int(rng, b.length + 1);
    return [`cut@${at}`, b.subarray(0, at)];
  },
  (rng, b) => {
    const at = int(rng, b.length + 1);
    return [`cut-head@${at}`, b.subarray(at)];
  },
  (rng, b, others) => {
    const other = pick(rng, others);
    const a = int(rng, b.length + 1);
    const c = int(rng, other.bytes.length + 1);
    return [`splice@${a}+${other.source}@${c}`, concat(b.subarray(0, a), other.bytes.subarray(c))];
  },
  (rng, b) => {
    const out = b.slice();
    const n = 1 + int(rng, 8);
    for (let i = 0; i < n && out.length; i++) out[int(rng, out.length)] = rng() < 0.5 ? pick(rng, INTERESTING_BYTES) : int(rng, 256);
    return [`flip×${n}`, out];
  },
  (rng, b) => {
    // A structure line put in the middle of the file, where a value most likely is.
    const starts = lineStarts(b);
    const at = pick(rng, starts);
    const line = encodeUtf8(`${pick(rng, STRUCTURE_LINES)}\n`);
    return [`line@${at}`, concat(b.subarray(0, at), line, b.subarray(at))];
  },
  (rng, b) => {
    const starts = lineStarts(b);
    const i = int(rng, starts.length);
    const end = starts[i + 1] ?? b.length;
    return [`drop-line${i}`, concat(b.subarray(0, starts[i]), b.subarray(end))];
  },
  (rng, b) => {
    const starts = lineStarts(b);
    const i = int(rng, starts.length);
    const end = starts[Math.min(starts.length, i + 1 + int(rng, 12))] ?? b.length;
    return [`double-lines${i}`, concat(b.subarray(0, end), b.subarray(starts[i], end), b.subarray(end))];
  },
  (_rng, b) => ['crlf', encodeUtf8(decodeUtf8(b).text.replace(/\n/g, '\r\n'))],
  (rng, b) => {
    const at = int(rng, b.length + 1);
    const bad = pick(rng, [[0xff], [0xc3], [0xe2, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf]]);
    return [`bad-utf8@${at}`, concat(b.subarray(0, at), new Uint8Array(bad), b.subarray(at))];
  },
  (rng, b) => {
    const at = int(rng, b.length + 1);
    const run = pick(rng, ['x', '-', '#', '`', '*', ' ', '\n', '\\']).repeat(1 + int(rng, 5000));
    return [`run${run.length}@${at}`, concat(b.subarray(0, at), encodeUtf8(run), b.subarray(at))];
  },
  (rng) => {
    const out = new Uint8Array(int(rng, 600));
    for (let i = 0; i < out.length; i++) out[i] = rng() < 0.3 ? pick(rng, INTERESTING_BYTES) : 0x20 + int(rng, 95);
    return ['random', out];
  },
];

/** One file with 1–3 mutations in a row; splices mostly take from files of the same kind. */
function mutated(rng: Rng, base: FuzzSeedFile, seedFiles: readonly FuzzSeedFile[]): FuzzInput {
  const sameKind = seedFiles.filter((f) => f.kind === base.kind);
  let bytes = base.bytes;
  const steps: string[] = [];
  const rounds = 1 + int(rng, 3);
  for (let r = 0; r < rounds; r++) {
    const [what, next] = pick(rng, MUTATIONS)(rng, bytes, rng() < 0.8 ? sameKind : seedFiles);
    steps.push(what);
    bytes = next;
  }
  return { kind: base.kind, label: `${base.source} ${steps.join(' ')}`, bytes };
}

/** `count` inputs from the seed files: each one file with 1–3 mutations in a row. */
export function fuzzInputs(seedFiles: readonly FuzzSeedFile[], count: number, seed: number): FuzzInput[] {
  const rng = seededRandom(seed);
  return Array.from({ length: count }, () => mutated(rng, pick(rng, seedFiles), seedFiles));
}

/** A branch `main` of a corpus workspace (its four files), one or two of them damaged. */
export interface FuzzWorkspace {
  label: string;
  files: Record<FuzzFileKind, Uint8Array>;
}

/** `count` workspaces: the corpus folders that hold all four files of `main`, with 1–2 of those files mutated. */
export function fuzzWorkspaces(seedFiles: readonly FuzzSeedFile[], count: number, seed: number): FuzzWorkspace[] {
  const rng = seededRandom(seed);
  const byCase = new Map<string, Partial<Record<FuzzFileKind, FuzzSeedFile>>>();
  for (const f of seedFiles) {
    const m = /^(.*)\/\.GCC\/(?:branches\/main\/)?(log\.md|commit\.md|metadata\.yaml|main\.md)$/.exec(f.source);
    if (!m) continue;
    const entry = byCase.get(m[1]!) ?? {};
    entry[f.kind] = f;
    byCase.set(m[1]!, entry);
  }
  const cases = [...byCase].filter(([, files]) => files.log && files.commit && files.metadata && files.roadmap) as [string, Record<FuzzFileKind, FuzzSeedFile>][];
  const kinds: FuzzFileKind[] = ['log', 'commit', 'metadata', 'roadmap'];
  return Array.from({ length: count }, () => {
    const [name, files] = pick(rng, cases);
    const damaged = new Set([pick(rng, kinds), ...(rng() < 0.3 ? [pick(rng, kinds)] : [])]);
    const out = {} as Record<FuzzFileKind, Uint8Array>;
    const labels: string[] = [];
    for (const kind of kinds) {
      if (!damaged.has(kind)) {
        out[kind] = files[kind].bytes;
        continue;
      }
      const m = mutated(rng, files[kind], seedFiles);
      out[kind] = m.bytes;
      labels.push(m.label.slice(name.length + 1));
    }
    return { label: `${name}: ${labels.join('; ')}`, files: out };
  });
}
