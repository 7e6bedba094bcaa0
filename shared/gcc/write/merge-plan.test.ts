// The planned merge against what each real implementation wrote: the corpus's merge cut off its files, planned again with
// its own times and id, compared byte for byte.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BranchMetadata, Dialect } from '../../types.ts';
import { bytesEqual, decodeUtf8, encodeUtf8 } from '../read/bytes.ts';
import { parseCommits } from '../read/commits.ts';
import { CORPUS, readCorpus } from '../test-support/corpus.ts';
import { parseLog } from '../read/log.ts';
import { planMerge, type MergeFileKind, type MergePlan, type MergeWrite } from './merge-plan.ts';
import { parseMetadata } from '../read/metadata.ts';
import { serializeMetadata } from './metadata-write.ts';
import { parseRoadmap } from '../read/roadmap.ts';

type Script = { ops: { op: string; name?: string; purpose?: string }[] };
const purposeIn = (script: string, branch: string): string =>
  (JSON.parse(readFileSync(join(CORPUS, script), 'utf8')) as Script).ops.find((o) => o.op === 'branch' && o.name === branch)!.purpose!;
const jwtPurpose = purposeIn('scenario.json', 'auth-jwt');

/** The merges the corpus holds: its folder, the merged branch, and the script that named the branch's purpose. */
interface CorpusMerge {
  folder: string;
  branch: string;
  purpose: string;
}
const scenarioMerge = (lang: Dialect): CorpusMerge => ({ folder: lang, branch: 'auth-jwt', purpose: jwtPurpose });
const edgeMerge = (lang: Dialect): CorpusMerge => ({ folder: `edge/${lang}`, branch: 'flags', purpose: purposeIn('edge.json', 'flags') });

function indexOfBytes(hay: Uint8Array, needle: string, from = 0): number {
  const n = encodeUtf8(needle);
  outer: for (let i = from; i + n.length <= hay.length; i++) {
    for (let k = 0; k < n.length; k++) if (hay[i + k] !== n[k]) continue outer;
    return i;
  }
  return -1;
}

interface Corpus {
  lang: Dialect;
  merge: CorpusMerge;
  before: { log: Uint8Array; commit: Uint8Array; roadmap: Uint8Array; metadata: Uint8Array };
  written: Partial<Record<MergeFileKind, Uint8Array>>;
  timestamps: { logHeader: string; commit: string; roadmap?: string; mergedAt: string };
  commitId: string;
}

/** The corpus workspace as it was just before the merge, and what that merge wrote. */
function beforeMerge(lang: Dialect, merge: CorpusMerge = scenarioMerge(lang)): Corpus {
  const gcc = `${merge.folder}/.GCC`;
  const b = merge.branch;
  const log = readCorpus(`${gcc}/branches/main/log.md`);
  const commit = readCorpus(`${gcc}/branches/main/commit.md`);
  const roadmap = readCorpus(`${gcc}/main.md`);
  const metaBytes = readCorpus(`${gcc}/branches/${b}/metadata.yaml`);

  const parsedLog = parseLog(log, { file: 'branches/main/log.md', dialect: lang });
  const marker = parsedLog.merges.find((m) => m.branch === b)!;
  const logCut = indexOfBytes(log, `\n## Merged from \`${b}\``);
  expect(logCut).toBe(marker.range.start);
  // The target may have logged and committed more after the merge: the merge wrote up to its last copied step.
  const logEnd = parsedLog.steps.filter((s) => s.mergedFrom === b).at(-1)?.range.end ?? marker.range.end;
  const mergeCommit = parseCommits(commit, { file: 'branches/main/commit.md', branch: 'main', dialect: lang }).commits.find((c) =>
    c.thisCommitContribution.startsWith(`Merged branch \`${b}\``),
  )!;
  const update = parseRoadmap(roadmap).updates.find((u) => u.kind === 'update' && u.text.includes(`Merged branch \`${b}\``));
  const meta = parseMetadata(metaBytes, `branches/${b}/metadata.yaml`).metadata!;

  // The branch as created: the agent's purpose, written by the same implementation, not yet merged.
  const created: BranchMetadata = { ...meta, purpose: merge.purpose, status: 'active', mergedInto: null, mergedAt: null };
  const written: Corpus['written'] = {
    log: log.subarray(logCut, logEnd),
    commit: commit.subarray(mergeCommit.range.start, mergeCommit.range.end),
    metadata: metaBytes,
  };
  if (update) written.roadmap = roadmap.subarray(update.range.start, update.range.end);
  return {
    lang,
    merge,
    before: {
      log: log.subarray(0, logCut),
      commit: commit.subarray(0, mergeCommit.range.start),
      roadmap: update ? roadmap.subarray(0, update.range.start) : roadmap,
      metadata: encodeUtf8(serializeMetadata(created, lang)),
    },
    written,
    timestamps: {
      logHeader: marker.timestamp,
      commit: mergeCommit.timestamp,
      ...(update?.timestamp ? { roadmap: update.timestamp } : {}),
      mergedAt: meta.mergedAt!,
    },
    commitId: mergeCommit.commitId,
  };
}

function plan(c: Corpus, summary?: string): MergePlan {
  const gcc = `${c.merge.folder}/.GCC`;
  const b = c.merge.branch;
  return planMerge({
    source: {
      name: b,
      log: readCorpus(`${gcc}/branches/${b}/log.md`),
      commit: readCorpus(`${gcc}/branches/${b}/commit.md`),
      metadata: c.before.metadata,
    },
    target: { name: 'main', log: c.before.log, commit: c.before.commit, metadata: readCorpus(`${gcc}/branches/main/metadata.yaml`) },
    roadmap: c.before.roadmap,
    dialect: c.lang,
    commitId: c.commitId,
    timestamps: c.timestamps,
    summary: summary ?? null,
  });
}

const writeOf = (p: MergePlan, kind: MergeFileKind): MergeWrite | undefined => p.writes.find((w) => w.kind === kind);

function expectSameBytes(actual: Uint8Array | undefined, expected: Uint8Array | undefined): void {
  expect(actual, 'planned write').toBeDefined();
  if (!bytesEqual(actual!, expected!)) expect(decodeUtf8(actual!).text).toBe(decodeUtf8(expected!).text);
  expect(bytesEqual(actual!, expected!)).toBe(true);
}

describe('planMerge reproduces the merges of the corpus byte for byte', () => {
  const langs = ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'] as const;
  for (const [name, merge] of [...langs.map((l) => [`${l}: auth-jwt into main`, scenarioMerge(l), l] as const), ...langs.map((l) => [`edge/${l}: flags into main`, edgeMerge(l), l] as const)].map(([n, m, l]) => [n, { m, l }] as const)) {
    it(name, () => {
      const lang = merge.l;
      const c = beforeMerge(lang, merge.m);
      const p = plan(c);
      expect(p.dialect).toBe(lang);
      expectSameBytes(writeOf(p, 'log')?.bytes, c.written.log);
      expectSameBytes(writeOf(p, 'commit')?.bytes, c.written.commit);
      expectSameBytes(writeOf(p, 'metadata')?.bytes, c.written.metadata);
      if (c.written.roadmap) expectSameBytes(writeOf(p, 'roadmap')?.bytes, c.written.roadmap);
      else expect(writeOf(p, 'roadmap')).toBeUndefined();
      // Appends start where the file ended; the metadata replaces the whole file.
      expect(writeOf(p, 'log')!.baseSize).toBe(c.before.log.length);
      expect(writeOf(p, 'metadata')!.mode).toBe('replace');
      expect(p.writes.map((w) => w.kind)).toEqual(c.written.roadmap ? ['log', 'commit', 'roadmap', 'metadata'] : ['log', 'commit', 'metadata']);
    });
  }

  it('a Zig merge writes no roadmap line and copies the raw log, header included', () => {
    const p = plan(beforeMerge('zig'));
    expect(p.roadmapText).toBeNull();
    expect(writeOf(p, 'log')!.text).toContain('\n\n# OTA Log — branch `auth-jwt`\n\n### Step 1');
    expect(p.summary).toBe('Merged branch `auth-jwt` into `main`');
  });
});

describe('planMerge', () => {
  it('uses a custom summary for the commit and the roadmap line, keeping the previous-summary text', () => {
    const py = plan(beforeMerge('python'), '  JWT auth is in.  ');
    expect(py.customSummary).toBe(true);
    expect(py.commit.thisCommitContribution).toBe('JWT auth is in.');
    expect(py.commit.previousProgressSummary).toBe(`Merging branch \`auth-jwt\` with purpose: ${jwtPurpose}`);
    expect(writeOf(py, 'roadmap')!.text).toMatch(/\nMerged `auth-jwt`: JWT auth is in\.\n$/);
    const ts = plan(beforeMerge('typescript'), 'JWT auth is in.');
    expect(writeOf(ts, 'roadmap')!.text).toMatch(/\)\nJWT auth is in\.\n$/);
    expect(py.automaticSummary).toMatch(/^Merged branch `auth-jwt` \(2 commits\)\. Contributions: /);
  });

  it('a blank custom summary means the automatic one', () => {
    const p = plan(beforeMerge('go'), '   ');
    expect(p.customSummary).toBe(false);
    expect(p.summary).toBe(p.automaticSummary);
  });

  it('copies only what the implementation reads: TypeScript drops an action-only step, Python keeps it', () => {
    const log = encodeUtf8(
      '# OTA Log — branch `x`\n\n' +
        '### Step 1 — 2026-01-01T00:00:00.000Z\n**Observation:** seen\n\n**Thought:** think\n\n**Action:** act\n\n---\n' +
        '### Step 2 — 2026-01-01T00:00:01.000Z\n**Observation:** \n\n**Thought:** \n\n**Action:** only an action\n\n---\n',
    );
    const input = (dialect: Dialect) =>
      planMerge({
        source: { name: 'x', log, commit: encodeUtf8('# Commit History — branch `x`\n\n'), metadata: encodeUtf8("name: x\npurpose: p\n") },
        target: { name: 'main', log: encodeUtf8('# OTA Log — branch `main`\n\n'), commit: encodeUtf8(''), metadata: null },
        roadmap: null,
        dialect,
        commitId: 'abcdef01',
        timestamps: { logHeader: 'T1', commit: 'T2', mergedAt: 'T3' },
      });
    const ts = input('typescript');
    expect(ts.copiedSteps.map((s) => s.step)).toEqual([1]);
    expect(ts.notes.join(' ')).toMatch(/reads 1 of the 2 steps/);
    const py = input('python');
    expect(py.copiedSteps.map((s) => s.step)).toEqual([1, 2]);
    expect(writeOf(py, 'log')!.text).toContain('### Step 2 — 2026-01-01T00:00:01.000Z\n**Observation:** \n\n**Thought:** \n\n**Action:** only an action\n\n---\n');
    // No commits: the summary says so, and the target's missing metadata gives an empty purpose.
    expect(py.summary).toBe('Merged branch `x` (0 commits). Contributions: ');
    expect(py.commit.branchPurpose).toBe('');
    // The unknown dialect merges as Python.
    expect(input('unknown').dialect).toBe('python');
  });

  it('writes no log section when the source has no steps, and leaves metadata alone when there is none', () => {
    const p = planMerge({
      source: { name: 'empty', log: encodeUtf8('# OTA Log — branch `empty`\n\n'), commit: null, metadata: null },
      target: { name: 'main', log: encodeUtf8(''), commit: encodeUtf8(''), metadata: null },
      roadmap: encodeUtf8('# Project Roadmap\n'),
      dialect: 'python',
      commitId: '00000000',
      timestamps: { logHeader: 'a', commit: 'b', mergedAt: 'c' },
    });
    expect(p.writes.map((w) => w.kind)).toEqual(['commit', 'roadmap']);
    expect(p.metadata).toBeNull();
    expect(p.notes.join(' ')).toMatch(/no readable metadata/);
    expect(writeOf(p, 'roadmap')!.baseSize).toBe(18);
  });
});
