// The store's single door to the format core (shared/gcc): the incremental log and commit parsers, metadata,
// roadmap and dialect detection, behind the small shapes the store uses.
import { continueCommits, parseCommits, type CommitsState } from '../shared/gcc/commits.ts';
import { continueLog, parseLog, type LogState } from '../shared/gcc/log.ts';
import { parseMetadata, type ParsedMetadata } from '../shared/gcc/metadata.ts';
import { branchFilePath } from '../shared/gcc/paths.ts';
import type { Commit, Diagnostic, Dialect, OtaStep } from '../shared/types.ts';
import type { IncrementalParser } from './tracked-file.ts';

export function logParser(branch: string, dialect?: Dialect): IncrementalParser<LogState, OtaStep> {
  const file = branchFilePath(branch, 'log');
  const wrap = (r: ReturnType<typeof parseLog>) => ({ ...r, records: r.steps });
  return {
    parse: (bytes) => wrap(parseLog(bytes, { file, dialect })),
    resume: (state, tail) => wrap(continueLog(state, tail)),
  };
}

export function commitsParser(branch: string, dialect?: Dialect): IncrementalParser<CommitsState, Commit> {
  const file = branchFilePath(branch, 'commit');
  const wrap = (r: ReturnType<typeof parseCommits>) => ({ ...r, records: r.commits });
  return {
    parse: (bytes) => wrap(parseCommits(bytes, { file, branch, dialect })),
    resume: (state, tail) => wrap(continueCommits(state, tail)),
  };
}

export type MetadataRead = ParsedMetadata;

export interface RoadmapRead {
  text: string;
  diagnostics: Diagnostic[];
}

// STOPGAP until shared/gcc/roadmap.ts and dialect.ts land: the crudest readings that keep the live pipeline
// testable. Replaced by the format core's functions, never extended here.

export function readMetadata(bytes: Uint8Array | null, branch: string): MetadataRead {
  return parseMetadata(bytes, branchFilePath(branch, 'metadata'));
}

export function readRoadmap(bytes: Uint8Array | null): RoadmapRead {
  if (bytes === null) return { text: '', diagnostics: [{ file: 'main.md', line: 0, severity: 'warning', code: 'missing-roadmap', message: 'main.md is missing' }] };
  return { text: new TextDecoder().decode(bytes), diagnostics: [] };
}

export function detectDialect(_input: { steps: readonly OtaStep[]; commits: readonly Commit[]; metadataBytes: Uint8Array | null }): Dialect {
  return 'unknown';
}
