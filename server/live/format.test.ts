// The branch verdicts kept by their evidence (format.ts branchDialect) equal a fresh vote on every corpus branch,
// whichever branches were voted on before, and equal the vote as it was first written (kept below as the reference)
// on the corpus, generated workspaces and their timestamps and metadata edited at random.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateManyBranches } from '../../bench/gen-branches.ts';
import { CORPUS } from '../../fixtures/corpus.ts';
import { detectBranchDialect, type FileEvidence } from '../../shared/gcc/dialects/detect.ts';
import { branchWriters } from '../../shared/gcc/dialects/other-writers.ts';
import type { MetadataStyle } from '../../shared/gcc/read/metadata-style.ts';
import { branchFilePath } from '../../shared/gcc/read/paths.ts';
import { describeTimestamp } from '../../shared/gcc/read/timestamp.ts';
import { METADATA_WRITERS, serializeMetadata } from '../../shared/gcc/write/metadata-write.ts';
import { seededRandom } from '../../shared/gcc/test-support/fuzz-inputs.ts';
import type { Dialect } from '../../shared/types.ts';
import { branchBytesOf, evidenceOf, type BranchFiles } from '../test-support/dialect-evidence.ts';
import { branchDialect, type DialectEvidence, type VerdictCache } from './format.ts';

function corpusEvidence(): { label: string; evidence: DialectEvidence }[] {
  const dirs = [CORPUS, join(CORPUS, 'edge')].flatMap((root) => readdirSync(root).map((d) => join(root, d)).filter((d) => existsSync(join(d, '.GCC', 'branches'))));
  return dirs.flatMap((dir) => branchBytesOf(join(dir, '.GCC')).map(({ branch, files, lockFile }) => ({ label: `${dir} ${branch}`, evidence: evidenceOf(branch, files, lockFile) })));
}

// ---- The reference: branchDialect and its key as they were before the key was built in runs (kept verbatim).
const SAMPLE = 200;
function sampled<T>(records: { readonly length: number }, take: (from: number, to: number) => T[]): T[] {
  const n = records.length;
  return n <= 2 * SAMPLE ? take(0, n) : [...take(0, SAMPLE), ...take(n - SAMPLE, n)];
}
function referenceKey(log: readonly (string | null)[], commits: readonly (string | null)[], meta: readonly (string | null)[] | null, style: MetadataStyle | null, lockFile: boolean): string {
  const styleKey = style
    ? [style.writers.join('/'), style.keyOrder, style.timestampQuoting, style.nonAscii, style.emptyString, style.validYaml, style.keys.length > 0].join(',')
    : '-';
  return [log.join(','), commits.join(','), meta ? meta.join(',') : '-', styleKey, lockFile].join('|');
}
function referenceBranchDialect(e: DialectEvidence, cache: Map<string, { dialect: Dialect; writers: readonly Dialect[] }>): { dialect: Dialect; writers: Dialect[] } {
  const logShapes = sampled(e.steps, (a, b) => e.steps.timestampShapes(a, b));
  const commitShapes = sampled(e.commits, (a, b) => e.commits.slice(a, b).map((c) => describeTimestamp(c.timestamp)?.shape ?? null));
  const m = e.metadata;
  const metaShapes = m ? [m.metadata?.createdAt, m.metadata?.mergedAt].filter((t): t is string => typeof t === 'string' && t !== '').map((t) => describeTimestamp(t)?.shape ?? null) : null;
  const key = referenceKey(logShapes, commitShapes, metaShapes, m?.style ?? null, e.lockFile);
  const known = cache.get(key);
  if (known) return { dialect: known.dialect, writers: [...known.writers] };
  const files: FileEvidence[] = [
    { kind: 'log', timestamps: [], shapes: logShapes, file: branchFilePath(e.branch, 'log') },
    { kind: 'commit', timestamps: [], shapes: commitShapes, file: branchFilePath(e.branch, 'commit') },
  ];
  if (m && metaShapes) files.push({ kind: 'metadata', timestamps: [], shapes: metaShapes, metadataStyle: m.style, file: branchFilePath(e.branch, 'metadata') });
  const { dialect } = detectBranchDialect(files, { lockFile: e.lockFile });
  const verdict = { dialect, writers: branchWriters(dialect, [...logShapes, ...commitShapes]) };
  cache.set(key, verdict);
  return { dialect, writers: [...verdict.writers] };
}
// ----

const TS = /(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|\+00:00)/g;
/** Another writer's spelling of a timestamp, or a damaged one. */
const RESPELL: ((base: string, fraction: string) => string)[] = [
  (b) => `${b}Z`,
  (b) => `${b}+00:00`,
  (b, f) => `${b}.${f.padEnd(6, '4').slice(0, 6)}+00:00`,
  (b, f) => `${b}.${f.padEnd(9, '7').slice(0, 9)}+00:00`,
  (b, f) => `${b}.${f.padEnd(6, '1').slice(0, 6)}Z`,
  (b, f) => `${b}.${f.padEnd(3, '0').slice(0, 3)}+00:00`,
  (b) => `${b}.5+05:30`,
  (b) => b.replace('T', ' '),
  () => 'not a time',
];

const encode = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

/** The branch's bytes with some timestamps respelled, its metadata perhaps rewritten by another writer. */
function edited(files: BranchFiles, random: () => number): BranchFiles {
  const respell = (bytes: Uint8Array | null, rate: number) =>
    bytes && encode(decode(bytes).replace(TS, (all, base: string, fraction = '') => (random() < rate ? RESPELL[Math.floor(random() * RESPELL.length)]!(base, fraction) : all)));
  const rate = [0, 0.02, 0.3, 1][Math.floor(random() * 4)]!;
  let metadata = files.metadata;
  const pick = random();
  if (metadata && pick < 0.4) {
    const meta = evidenceOf('x', { log: null, commit: null, metadata }, false).metadata?.metadata;
    if (meta) metadata = encode(serializeMetadata(meta, METADATA_WRITERS[Math.floor(random() * METADATA_WRITERS.length)]!));
  } else if (pick < 0.7) metadata = respell(metadata, rate);
  else if (pick < 0.75) metadata = null;
  return { log: respell(files.log, rate), commit: respell(files.commit, rate), metadata };
}

const temp = mkdtempSync(join(tmpdir(), 'gcc-format-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('branchDialect', () => {
  it('answers from its kept verdicts exactly what a fresh vote answers, in any order', () => {
    // Each branch twice, the second under another name: the second must be answered from the kept verdict.
    const once = corpusEvidence();
    const all = [...once, ...once.map(({ label, evidence }) => ({ label: `${label} (again)`, evidence: { ...evidence, branch: `${evidence.branch}-again` } }))];
    expect(once.length).toBeGreaterThan(20);
    const fresh = all.map(({ evidence }) => branchDialect(evidence, new Map()));
    expect(new Set(fresh.map((v) => v.dialect)).size).toBeGreaterThan(5);
    for (const order of [all.map((_, i) => i), all.map((_, i) => all.length - 1 - i)]) {
      const kept: VerdictCache = new Map();
      for (const i of order) expect(branchDialect(all[i]!.evidence, kept), all[i]!.label).toEqual(fresh[i]);
      expect(kept.size).toBeLessThanOrEqual(once.length);
    }
  });

  it('gives the reference’s verdict on the corpus, keeping no more verdicts than the reference', () => {
    const once = corpusEvidence();
    const ours: VerdictCache = new Map();
    const theirs: VerdictCache = new Map();
    for (const { label, evidence } of [...once, ...once]) expect(branchDialect(evidence, ours), label).toEqual(referenceBranchDialect(evidence, theirs));
    expect(ours.size).toBeLessThanOrEqual(theirs.size);
  });

  it('gives the reference’s verdict for every mix of two writers’ shapes in a log, whatever the counts', () => {
    // A tie between the two is no verdict: the proportions decide, and a kept verdict must not stand for another's.
    const step = (n: number, ts: string) => `### Step ${n} — ${ts}\n**Observation:** o\n\n**Thought:** t\n\n**Action:** a\n\n---\n`;
    const shapes = ['2026-02-02T08:00:00.123Z', '2026-02-02T08:00:00.123456+00:00', '2026-02-02T08:00:00Z', 'no time'];
    const ours: VerdictCache = new Map();
    let verdicts = 0;
    for (const [a, b] of [[0, 1], [0, 2], [1, 2], [0, 3]] as const) {
      for (let k = 0; k <= 7; k++) {
        for (let m = 0; m <= 7; m++) {
          const log = [...Array.from({ length: k }, () => shapes[a]!), ...Array.from({ length: m }, () => shapes[b]!)].map((ts, i) => step(i + 1, ts)).join('');
          const evidence = evidenceOf('b', { log: encode(`# OTA Log — branch \`b\`\n\n${log}`), commit: null, metadata: null }, false);
          expect(evidence.steps.length).toBe(k + m);
          expect(branchDialect(evidence, ours), `${k}×${a} ${m}×${b}`).toEqual(referenceBranchDialect(evidence, new Map()));
          verdicts++;
        }
      }
    }
    expect(ours.size).toBeLessThan(verdicts / 2);
  });

  it('gives the reference’s verdict on generated workspaces with timestamps and metadata edited at random', () => {
    const gcc = generateManyBranches(join(temp, 'many'), 40, 3, 450).gccDir;
    const branches = branchBytesOf(gcc);
    const random = seededRandom(27);
    const ours: VerdictCache = new Map();
    const theirs: VerdictCache = new Map();
    const dialects = new Set<Dialect>();
    let writers = 0;
    for (let round = 0; round < 6; round++) {
      for (const { branch, files } of branches) {
        const lockFile = random() < 0.3;
        const evidence = evidenceOf(branch, round === 0 ? files : edited(files, random), lockFile);
        const verdict = branchDialect(evidence, ours);
        expect(verdict, `${branch} round ${round}`).toEqual(referenceBranchDialect(evidence, theirs));
        // A fresh vote too: a kept verdict must not stand for evidence the reference tells apart.
        expect(verdict).toEqual(referenceBranchDialect(evidence, new Map()));
        dialects.add(verdict.dialect);
        if (verdict.writers.length > 1) writers++;
      }
    }
    expect(ours.size).toBeLessThanOrEqual(theirs.size);
    expect(dialects.size).toBeGreaterThan(3);
    expect(writers).toBeGreaterThan(10);
  });
});
