// The store's single door to the format core (shared/gcc): the incremental log and commit parsers, metadata,
// roadmap and dialect detection, behind the small shapes the store uses.
import { continueCommits, parseCommits, type CommitsState } from '../shared/gcc/commits.ts';
import { continueLog, parseLog, type LogState } from '../shared/gcc/log.ts';
import { branchFilePath } from '../shared/gcc/paths.ts';
import type { BranchMetadata, Commit, Diagnostic, Dialect, OtaStep } from '../shared/types.ts';
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

export interface MetadataRead {
  metadata: BranchMetadata | null;
  diagnostics: Diagnostic[];
}

export interface RoadmapRead {
  text: string;
  diagnostics: Diagnostic[];
}

// STOPGAP until shared/gcc/metadata.ts, roadmap.ts and dialect.ts land: the crudest readings that keep the live
// pipeline testable. Replaced by the format core's functions, never extended here.
import { parse as parseYaml } from 'yaml';

export function readMetadata(bytes: Uint8Array | null, branch: string): MetadataRead {
  const file = branchFilePath(branch, 'metadata');
  if (bytes === null) return { metadata: null, diagnostics: [{ file, line: 0, severity: 'warning', code: 'missing-metadata', message: 'metadata.yaml is missing' }] };
  try {
    const doc = parseYaml(new TextDecoder().decode(bytes), { maxAliasCount: 10 }) as Record<string, unknown> | null;
    const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? null : String(v));
    if (!doc || typeof doc !== 'object') throw new Error('not a mapping');
    return {
      metadata: {
        name: str(doc.name) ?? branch,
        purpose: str(doc.purpose) ?? '',
        createdFrom: str(doc.created_from) ?? '',
        createdAt: str(doc.created_at) ?? '',
        status: str(doc.status) ?? 'active',
        mergedInto: str(doc.merged_into),
        mergedAt: str(doc.merged_at),
      },
      diagnostics: [],
    };
  } catch (err) {
    return { metadata: null, diagnostics: [{ file, line: 0, severity: 'error', code: 'invalid-yaml', message: String(err) }] };
  }
}

export function readRoadmap(bytes: Uint8Array | null): RoadmapRead {
  if (bytes === null) return { text: '', diagnostics: [{ file: 'main.md', line: 0, severity: 'warning', code: 'missing-roadmap', message: 'main.md is missing' }] };
  return { text: new TextDecoder().decode(bytes), diagnostics: [] };
}

export function detectDialect(_input: { steps: readonly OtaStep[]; commits: readonly Commit[]; metadataBytes: Uint8Array | null }): Dialect {
  return 'unknown';
}
