// The lossless records of a corpus workspace rebuilt from the operations the agent ran instead of from a parser, so the
// reader views and CONTEXT are tested apart from log.ts and commits.ts.
import type { Commit, OtaStep } from '../../types.ts';
import { readerView } from '../dialects/reader-view.ts';
import type { RenderDialect } from '../context/render.ts';

// Values come from the ops, exactly as the agent passed them. What the implementation derived itself (step numbers, a
// merge's copied steps, "Previous Progress Summary") comes from readerView, because each writer derives it from what
// its own parser read; timestamps and commit ids come from the headers on disk.
export type ScenarioOp =
  | { op: 'init'; roadmap: string }
  | { op: 'log'; o: string; t: string; a: string }
  | { op: 'commit'; c: string; roadmap?: string }
  | { op: 'branch'; name: string; purpose: string }
  | { op: 'merge'; name: string }
  | { op: 'update_roadmap'; content: string };

export interface DiskBranch {
  log: string;
  commit: string;
}

export interface ReplayedBranch {
  steps: OtaStep[];
  commits: Commit[];
  purpose: string;
}

export interface Replay {
  branches: Map<string, ReplayedBranch>;
  /** Step numbers the writer gave (on disk) that differ from the ones we derived. */
  numberingMismatches: string[];
}

const STEP_HEADER = /(?:^|---\n|\n\n)### Step (-?\d+) — ([^\n]*)\n/g;
const COMMIT_HEADER = /^## Commit `([^`\n]*)`\n\*\*Timestamp:\*\* ([^\n]*)$/gm;

export function replayScenario(
  dialect: RenderDialect,
  ops: readonly ScenarioOp[],
  okFlags: readonly boolean[],
  disk: Readonly<Record<string, DiskBranch>>,
): Replay {
  const branches = new Map<string, ReplayedBranch>();
  const stepHeaders = new Map<string, { step: number; timestamp: string }[]>();
  const commitHeaders = new Map<string, { id: string; timestamp: string }[]>();
  for (const [name, files] of Object.entries(disk)) {
    stepHeaders.set(
      name,
      [...files.log.matchAll(STEP_HEADER)].map((m) => ({ step: Number(m[1]), timestamp: m[2] ?? '' })),
    );
    commitHeaders.set(
      name,
      [...files.commit.matchAll(COMMIT_HEADER)].map((m) => ({ id: m[1] ?? '', timestamp: m[2] ?? '' })),
    );
  }
  const numberingMismatches: string[] = [];
  let offset = 0;
  const nextRange = () => ({ start: offset, end: ++offset });
  const get = (name: string): ReplayedBranch => {
    let b = branches.get(name);
    if (!b) branches.set(name, (b = { steps: [], commits: [], purpose: '' }));
    return b;
  };
  const takeStepHeader = (name: string) => stepHeaders.get(name)?.shift() ?? { step: -1, timestamp: '?' };
  const addCommit = (name: string, contribution: string, previous?: string): void => {
    const b = get(name);
    // Zig parses nothing back, so every commit starts from scratch.
    const seen = dialect === 'zig' ? [] : readerView(dialect, b).commits;
    const header = commitHeaders.get(name)?.shift() ?? { id: '?', timestamp: '?' };
    b.commits.push({
      commitId: header.id,
      branchName: name,
      branchPurpose: b.purpose,
      previousProgressSummary:
        previous ?? seen.at(-1)?.thisCommitContribution ?? 'Initial state — no prior commits.',
      thisCommitContribution: contribution,
      timestamp: header.timestamp,
      range: nextRange(),
    });
  };

  let current = 'main';
  ops.forEach((op, i) => {
    if (okFlags[i] === false) return;
    switch (op.op) {
      case 'init':
        get('main').purpose = 'Primary reasoning trajectory';
        current = 'main';
        break;
      case 'log': {
        const b = get(current);
        const derived = readerView(dialect, b).steps.length + 1;
        const header = takeStepHeader(current);
        if (header.step !== derived) {
          numberingMismatches.push(`${current}: op ${i} written as step ${header.step}, derived ${derived}`);
        }
        b.steps.push({
          step: header.step,
          timestamp: header.timestamp,
          observation: op.o,
          thought: op.t,
          action: op.a,
          range: nextRange(),
        });
        break;
      }
      case 'commit':
        addCommit(current, op.c);
        break;
      case 'branch':
        get(op.name).purpose = dialect === 'lua' ? luaMetadataPurpose(op.purpose) : op.purpose;
        current = op.name;
        break;
      case 'merge': {
        const source = get(op.name);
        const view = readerView(dialect, source);
        const target = get('main');
        // The merge copies the steps its parser read, re-written with their original numbers.
        for (const s of view.steps) {
          const header = takeStepHeader('main');
          target.steps.push({ ...s, step: header.step, timestamp: header.timestamp, mergedFrom: op.name, range: nextRange() });
        }
        const contributions = view.commits.map((c) => c.thisCommitContribution).join(' | ');
        if (dialect === 'zig') addCommit('main', `Merged branch \`${op.name}\` into \`main\``);
        else {
          addCommit(
            'main',
            `Merged branch \`${op.name}\` (${view.commits.length} commits). Contributions: ${contributions}`,
            `Merging branch \`${op.name}\` with purpose: ${source.purpose}`,
          );
        }
        current = 'main';
        break;
      }
      case 'update_roadmap':
        break;
    }
  });
  return { branches, numberingMismatches };
}

/**
 * The purpose as Lua reads it back from its own metadata.yaml: it quotes a value holding `:`, `#`
 * or `'` with `'…'` and doubles the `'`, but does not undo the doubling when reading.
 */
function luaMetadataPurpose(purpose: string): string {
  return /[:#']/.test(purpose) ? purpose.replaceAll("'", "''") : purpose;
}

/** The shape of a corpus expected.json: what the implementation's own parser returned. */
export interface ExpectedJson {
  implementation: string;
  branches: Record<
    string,
    {
      commits: Omit<Commit, 'range'>[];
      ota: Omit<OtaStep, 'range'>[];
    }
  >;
}

export interface CorpusCase {
  dir: string;
  scenario: { ops: ScenarioOp[]; branches: string[]; contexts: [string, number][] };
  expected: ExpectedJson;
  roadmap: string;
  disk: Record<string, DiskBranch>;
  replay: Replay;
}

/**
 * Loads a corpus case (e.g. `python` or `edge/go`) through `read` (path relative to fixtures/corpus,
 * returns null when missing), so this helper stays free of node: imports.
 */
export function loadCorpusCase(dialect: RenderDialect, dir: string, read: (path: string) => string | null): CorpusCase {
  const must = (path: string): string => {
    const text = read(path);
    if (text === null) throw new Error(`missing fixture ${path}`);
    return text;
  };
  const scenarioFile = dir.startsWith('edge/') ? 'edge.json' : 'scenario.json';
  const scenario = JSON.parse(must(scenarioFile)) as CorpusCase['scenario'];
  const oplog = JSON.parse(must(`${dir}/oplog.json`)) as { ok: boolean; error?: string }[];
  const expected = JSON.parse(must(`${dir}/expected.json`)) as ExpectedJson;
  const disk: Record<string, DiskBranch> = {};
  for (const b of scenario.branches) {
    disk[b] = {
      log: must(`${dir}/.GCC/branches/${b}/log.md`),
      commit: must(`${dir}/.GCC/branches/${b}/commit.md`),
    };
  }
  // Zig's commit with a roadmap "fails" after writing the commit: it happened on disk.
  const okFlags = oplog.map((o) => o.ok || /commit written/.test(o.error ?? ''));
  return {
    dir,
    scenario,
    expected,
    roadmap: must(`${dir}/.GCC/main.md`),
    disk,
    replay: replayScenario(dialect, scenario.ops, okFlags, disk),
  };
}

/** A record without the fields only we keep (range, mergedFrom), for comparing with expected.json. */
export function readerFields<T extends { range: unknown; mergedFrom?: unknown }>(r: T): Omit<T, 'range' | 'mergedFrom'> {
  const { range: _range, mergedFrom: _merged, ...rest } = r;
  return rest;
}
