// Every truth file of the corpus against our reading of the same bytes as that implementation: each context-*.txt
// byte for byte (implementationSummary), each expected.json's records, errors and dropped metadata
// (readAsImplementation). A truth file this test does not know of fails it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../types.ts';
import { contextLayout, type RenderDialect } from '../context/render.ts';
import { CORPUS } from '../test-support/corpus.ts';
import { branchBytes, READER_LANGS, segmentFiles, truthFiles, type TruthFile } from '../test-support/truth-files.ts';
import { encodeEscaped } from './escaped-text.ts';
import { implementationSummary, readAsImplementation, type BranchBytes } from './implementation.ts';

type Field = string | { __invalid_utf8_hex: string; lossy: string };
type ExpectedBranch =
  | { error: string }
  | { ota: Record<string, unknown>[]; commits: Record<string, unknown>[]; metadata?: unknown }
  | { commitHistoryRaw: Field; otaLogRaw: Field; metadata?: unknown };

const { files, unknown } = truthFiles();
const filesOf = (t: Pick<TruthFile, 'workspace' | 'segment'>, branch: string): BranchBytes =>
  t.segment ? segmentFiles(t.segment, branch) : branchBytes(t.workspace, branch);

/** A field as the truth file gives it: invalid UTF-8 as hex, compared with the bytes our escaped text stands for. */
const asTruth = (value: string): Field => {
  const bytes = encodeEscaped(value);
  const valid = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return Buffer.from(valid, 'utf8').equals(Buffer.from(bytes)) ? value : { __invalid_utf8_hex: Buffer.from(bytes).toString('hex'), lossy: valid };
};
const stepFields = (s: OtaStep) => ({ step: s.step, timestamp: asTruth(s.timestamp), observation: asTruth(s.observation), thought: asTruth(s.thought), action: asTruth(s.action) });
const commitFields = (c: Commit) => ({
  commitId: c.commitId, branchName: c.branchName, branchPurpose: c.branchPurpose, previousProgressSummary: c.previousProgressSummary,
  thisCommitContribution: c.thisCommitContribution, timestamp: asTruth(c.timestamp),
});
const sorted = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)));

/** Our field in the truth file's form; a truth written by a JSON encoder that replaces invalid bytes (Go's) by U+FFFD. */
const like = (ours: unknown, truth: unknown): unknown =>
  typeof ours === 'object' && ours !== null && typeof truth === 'string' ? (ours as { lossy: string }).lossy : ours;
const likeAll = (ours: Record<string, unknown>[], truth: Record<string, unknown>[]) =>
  ours.map((r, i) => sorted(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, like(v, truth[i]?.[k])]))));

function checkBranch(reader: RenderDialect, files: BranchBytes, branch: string, expected: ExpectedBranch): void {
  const read = readAsImplementation(reader, branch, files);
  if ('error' in expected) {
    expect(read.ok, `${reader} raises on ${branch}`).toBe(false);
    const kind = expected.error.split(':')[0]!;
    if (!read.ok) expect(read.error).toContain(kind === 'ScannerError' ? 'YAML' : kind);
    return;
  }
  expect(read.ok, read.ok ? '' : read.error).toBe(true);
  if (!read.ok) return;
  if ('commitHistoryRaw' in expected) {
    // Zig parses no records: its context() returns the commit blocks (all of them for K = 100000) and the raw log.
    const layout = contextLayout(read.input, 'zig');
    expect(asTruth(layout.commitPieces(0, layout.commitCount).join(''))).toEqual(expected.commitHistoryRaw);
    expect(asTruth(read.input.raw!.log)).toEqual(expected.otaLogRaw);
  } else {
    expect(likeAll(read.input.steps.map(stepFields), expected.ota)).toEqual(expected.ota.map(sorted));
    expect(likeAll(read.input.commits.map(commitFields), expected.commits)).toEqual(expected.commits.map(sorted));
  }
  if ('metadata' in expected) expect(read.metadataRead, 'metadata returned').toBe(expected.metadata !== null && expected.metadata !== undefined);
}

describe('corpus truth files', () => {
  it('every expected.json and context-*.txt is known (a new one must be checked here or listed as left out)', () => {
    expect(unknown).toEqual([]);
    // 96 context texts and 87 expected.json at the time of writing: a smaller count means files were not found.
    expect(files.filter((f) => f.kind === 'context').length).toBeGreaterThanOrEqual(96);
    expect(files.filter((f) => f.kind === 'expected').length).toBeGreaterThanOrEqual(87);
  });

  it.each(files.filter((f) => f.kind === 'context').map((f) => [f.path, f] as const))('%s: summary() byte for byte', (_path, t) => {
    const summary = implementationSummary(t.reader, t.branch!, t.k!, filesOf(t, t.branch!));
    expect(summary.ok, summary.ok ? '' : summary.error).toBe(true);
    const want = readFileSync(join(CORPUS, t.path));
    if (summary.ok && !Buffer.from(summary.bytes).equals(want)) expect(Buffer.from(summary.bytes).toString('latin1')).toBe(want.toString('latin1'));
  });

  const expectedFiles = files.filter((f) => f.kind === 'expected' && f.path !== 'mixed-py-ts/expected.json');
  it.each(expectedFiles.map((f) => [f.path, f] as const))("%s: the parser's records, errors and metadata", (_path, t) => {
    const truth = JSON.parse(readFileSync(join(CORPUS, t.path), 'utf8')) as { branches: Record<string, ExpectedBranch> };
    for (const [branch, expected] of Object.entries(truth.branches)) checkBranch(t.reader, filesOf(t, branch), branch, expected);
  });

  it.each(READER_LANGS)('mixed-py-ts/expected.json byReader.%s', (reader) => {
    const truth = JSON.parse(readFileSync(join(CORPUS, 'mixed-py-ts/expected.json'), 'utf8')) as { byReader: Record<string, Record<string, ExpectedBranch>> };
    for (const [branch, expected] of Object.entries(truth.byReader[reader]!)) checkBranch(reader, branchBytes('mixed-py-ts', branch), branch, expected);
  });
});
