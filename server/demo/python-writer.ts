// Writes a .GCC/ exactly as Contexa's Python implementation does: the demo's agent and the live tests use it as the real
// writer on the other side of the file system (python-writer-real.test.ts holds it to the real writer's bytes).
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { commitMarkdown, stepMarkdown } from '../../shared/gcc/context/render.ts';
import { commitReading, stepReading } from '../../shared/gcc/dialects/reader-view.ts';
import { serializeMetadata } from '../../shared/gcc/write/metadata-write.ts';
import { BRANCHES_DIR, BRANCH_FILES, ROADMAP_FILE } from '../../shared/gcc/read/paths.ts';
import type { BranchMetadata, OtaStep } from '../../shared/types.ts';

export type StepFields = Pick<OtaStep, 'step' | 'timestamp' | 'observation' | 'thought' | 'action'>;

export interface WriterBranch {
  metadata: BranchMetadata;
  /** Every step Python's parser would return for the log, merged copies included (the next number is length+1). */
  steps: StepFields[];
  /** Contributions of the branch's commits, oldest first. */
  contributions: string[];
}

export interface WriterState {
  branches: Map<string, WriterBranch>;
}

export interface PythonWriterOptions {
  /** `datetime.now(timezone.utc).isoformat()`; injectable so tests can replay known bytes. */
  now?: () => string;
  newCommitId?: () => string;
}

const INITIAL_PREVIOUS = 'Initial state — no prior commits.';
const NO_RANGE = { start: 0, end: 0 };

/** Python's `isoformat()` of a UTC instant given in microseconds: `….ffffff+00:00`, the fraction left out when 0. */
export function pythonTimestamp(epochMicros: number): string {
  const micros = Math.floor(epochMicros);
  const date = new Date(Math.floor(micros / 1000));
  const fraction = (micros % 1_000_000 + 1_000_000) % 1_000_000;
  const base = date.toISOString().slice(0, 19);
  return fraction === 0 ? `${base}+00:00` : `${base}.${String(fraction).padStart(6, '0')}+00:00`;
}

function nowMicros(): number {
  return (performance.timeOrigin + performance.now()) * 1000;
}

function uuid8(): string {
  return randomUUID().replaceAll('-', '').slice(0, 8);
}

function append(path: string, text: string): void {
  // One write() on an O_APPEND descriptor: a concurrent reader sees the block grow, never interleaved.
  const fd = openSync(path, 'a');
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/**
 * O_APPEND writes of whole blocks, metadata rewritten in place, `isoformat()` timestamps, 8-hex commit ids from uuid4.
 * It keeps in memory what Python's parser reads back of what it wrote instead of re-reading the files (the same result
 * for files only this writer touches): a `---` line splits a step in two, a `## Commit` line cuts a commit, and the
 * step numbers and summaries that follow count those readings.
 */
export class PythonGccWriter {
  private readonly now: () => string;
  private readonly newCommitId: () => string;

  constructor(
    readonly gccDir: string,
    readonly state: WriterState,
    options: PythonWriterOptions = {},
  ) {
    this.now = options.now ?? (() => pythonTimestamp(nowMicros()));
    this.newCommitId = options.newCommitId ?? uuid8;
  }

  private branch(name: string): WriterBranch {
    const b = this.state.branches.get(name);
    if (!b) throw new Error(`no branch "${name}"`);
    return b;
  }

  private file(branch: string, kind: keyof typeof BRANCH_FILES): string {
    return join(this.gccDir, BRANCHES_DIR, branch, BRANCH_FILES[kind]);
  }

  /**
   * Python holds an flock on .GCC/.lock (created if missing, never deleted). Node has no flock: we open the same
   * file for the duration, which leaves it exactly as Python leaves it and keeps other writers' protocols intact.
   */
  private locked<T>(fn: () => T): T {
    const fd = openSync(join(this.gccDir, '.lock'), 'a');
    try {
      return fn();
    } finally {
      closeSync(fd);
    }
  }

  logStep(branch: string, fields: Pick<OtaStep, 'observation' | 'thought' | 'action'>): StepFields {
    return this.locked(() => {
      const b = this.branch(branch);
      const step: StepFields = { step: b.steps.length + 1, timestamp: this.now(), ...fields };
      append(this.file(branch, 'log'), stepMarkdown(step));
      for (const r of stepReading('python', { ...step, range: NO_RANGE })) {
        b.steps.push({ step: r.step, timestamp: r.timestamp, observation: r.observation, thought: r.thought, action: r.action });
      }
      return step;
    });
  }

  /** A commit; with `roadmapUpdate`, main.md gets `\n## Update (TS)\n{text}\n` with the commit's timestamp. */
  commit(branch: string, contribution: string, roadmapUpdate?: string): string {
    return this.locked(() => this.commitUnlocked(branch, contribution, undefined, roadmapUpdate));
  }

  private commitUnlocked(branch: string, contribution: string, previous: string | undefined, roadmapUpdate?: string): string {
    const b = this.branch(branch);
    const commitId = this.newCommitId();
    const timestamp = this.now();
    const record = {
      commitId,
      branchName: branch,
      timestamp,
      branchPurpose: b.metadata.purpose,
      previousProgressSummary: previous ?? b.contributions.at(-1) ?? INITIAL_PREVIOUS,
      thisCommitContribution: contribution,
      range: NO_RANGE,
    };
    append(this.file(branch, 'commit'), commitMarkdown(record));
    for (const r of commitReading('python', record)) b.contributions.push(r.thisCommitContribution);
    if (roadmapUpdate !== undefined) append(join(this.gccDir, ROADMAP_FILE), `\n## Update (${timestamp})\n${roadmapUpdate}\n`);
    return commitId;
  }

  createBranch(name: string, purpose: string, from: string): void {
    this.locked(() => {
      if (this.state.branches.has(name)) throw new Error(`branch "${name}" exists`);
      const metadata: BranchMetadata = {
        name,
        purpose,
        createdFrom: from,
        createdAt: this.now(),
        status: 'active',
        mergedInto: null,
        mergedAt: null,
      };
      mkdirSync(join(this.gccDir, BRANCHES_DIR, name), { recursive: true });
      writeFileSync(this.file(name, 'log'), `# OTA Log — branch \`${name}\`\n\n`);
      writeFileSync(this.file(name, 'commit'), `# Commit History — branch \`${name}\`\n\n`);
      writeFileSync(this.file(name, 'metadata'), serializeMetadata(metadata, 'python'));
      this.state.branches.set(name, { metadata, steps: [], contributions: [] });
    });
  }

  /** Python's merge: the source's steps copied into the target's log, a merge commit, a roadmap line, then status. */
  merge(source: string, target: string): void {
    this.locked(() => {
      const from = this.branch(source);
      const into = this.branch(target);
      const copied = from.steps.map((s) => stepMarkdown(s)).join('');
      append(this.file(target, 'log'), `\n## Merged from \`${source}\` (${this.now()})\n\n${copied}`);
      into.steps.push(...from.steps);
      const summary = `Merged branch \`${source}\` (${from.contributions.length} commits). Contributions: ${from.contributions.join(' | ')}`;
      this.commitUnlocked(target, summary, `Merging branch \`${source}\` with purpose: ${from.metadata.purpose}`, `Merged \`${source}\`: ${summary}`);
      from.metadata = { ...from.metadata, status: 'merged', mergedInto: target, mergedAt: this.now() };
      writeFileSync(this.file(source, 'metadata'), serializeMetadata(from.metadata, 'python'));
    });
  }

  /** `GCC.init(roadmap)`: main.md and the main branch in an empty folder. */
  static init(gccDir: string, roadmap: string, options: PythonWriterOptions = {}): PythonGccWriter {
    const writer = new PythonGccWriter(gccDir, { branches: new Map() }, options);
    mkdirSync(join(gccDir, BRANCHES_DIR), { recursive: true });
    writeFileSync(join(gccDir, ROADMAP_FILE), `# Project Roadmap\n\n**Initialized:** ${writer.now()}\n\n${roadmap}\n`);
    writer.createBranch('main', 'Primary reasoning trajectory', '');
    return writer;
  }

  /** `update_roadmap(c)`: appends `\n{c}\n` to main.md. */
  updateRoadmap(text: string): void {
    this.locked(() => append(join(this.gccDir, ROADMAP_FILE), `\n${text}\n`));
  }
}

/** The writer's memory of a workspace, from an `expected.json` of the corpus (what Python's own parser returned). */
export function writerStateFromExpected(expected: {
  branches: Record<string, { metadata: BranchMetadata; ota: StepFields[]; commits: { thisCommitContribution: string }[] }>;
}): WriterState {
  const branches = new Map<string, WriterBranch>();
  for (const [name, b] of Object.entries(expected.branches)) {
    branches.set(name, {
      metadata: { ...b.metadata },
      steps: b.ota.map(({ step, timestamp, observation, thought, action }) => ({ step, timestamp, observation, thought, action })),
      contributions: b.commits.map((c) => c.thisCommitContribution),
    });
  }
  return { branches };
}
