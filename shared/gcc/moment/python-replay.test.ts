// The real Python Contexa runs the corpus scenario with hand edits between ops; the memory computed from the final folder
// and the history must equal each copy taken on the way, CONTEXT byte for byte.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contexaPeersDir } from '../../../fixtures/peers.ts';
import type { Commit, OtaStep } from '../../types.ts';
import { parseCommits } from '../read/commits.ts';
import { parseLog } from '../read/log.ts';
import { parseMetadata } from '../read/metadata.ts';
import { CORPUS } from '../test-support/corpus.ts';
import { contextOf, differingFiles, unexplainedDifferences } from '../test-support/memory-compare.ts';
import { readFolder } from '../test-support/read-folder.ts';
import { workspaceNow } from '../test-support/workspace-now.ts';
import type { EditEntry, EditTarget } from '../write/edit.ts';
import { editCommits, editSteps } from '../write/edit-records.ts';
import { editMetadata } from '../write/edit-metadata.ts';
import { editRoadmap, roadmapParts } from '../write/edit-roadmap.ts';
import { commitVersion, metadataVersion, stepVersion } from '../write/edit-version.ts';
import { ContextAtCache } from './context-at.ts';
import { WorkspaceTimeline } from './memory-at.ts';

const PEER_DIR = process.env['CONTEXA_PYTHON'] ?? join(contexaPeersDir() ?? 'fixtures/peers/contexa', 'python');
const SCRIPT = join(import.meta.dirname, '../test-support/contexa-replay.py');
const SCENARIO = join(CORPUS, 'scenario.json');

function pythonAvailable(): boolean {
  try {
    execFileSync('python3', ['-c', 'import yaml, contexa'], { env: { ...process.env, PYTHONPATH: PEER_DIR }, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface Snapshot {
  label: string;
  dir: string;
  moment: string;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Hand edits, saved after the op of the same index (as the page would save them). */
const EDITS: Record<number, (gcc: string) => EditEntry> = {
  8: (gcc) => editRecord(gcc, 'main', 'commit', 0, { thisCommitContribution: 'Scaffolded Express app (edited by hand).' }),
  12: (gcc) => editRecord(gcc, 'auth-jwt', 'step', 1, { thought: 'Rotation with reuse detection (edited by hand).' }),
  14: (gcc) => editRoadmapPart(gcc, 1, 'CRUD done (edited). Next: auth.'),
  18: (gcc) => editPurpose(gcc, 'auth-session', 'Server sessions in Redis (edited by hand)'),
};

describe.runIf(pythonAvailable())('the real Python writer, op by op, with hand edits', () => {
  const root = mkdtempSync(join(tmpdir(), 'gcc-moment-py-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const project = join(root, 'project');
  const edits: EditEntry[] = [];
  const snapshots: Snapshot[] = [];
  const ops = (JSON.parse(readFileSync(SCENARIO, 'utf8')) as { ops: unknown[] }).ops.length;
  let current = 'main';
  let from = 0;
  for (const stop of [...Object.keys(EDITS).map(Number).map((i) => i + 1), ops]) {
    const out = execFileSync('python3', [SCRIPT, project, SCENARIO, String(from), String(stop), current, root], { env: { ...process.env, PYTHONPATH: PEER_DIR }, encoding: 'utf8' });
    for (const line of out.trim().split('\n')) {
      const r = JSON.parse(line) as { index: number; after: string; current: string };
      snapshots.push({ label: `op ${r.index}`, dir: join(root, `op-${r.index}`), moment: r.after });
      current = r.current;
    }
    const edit = EDITS[stop - 1];
    if (edit) {
      sleep(3);
      const entry = edit(join(project, '.GCC'));
      edits.push(entry);
      cpSync(join(project, '.GCC'), join(root, `edit-${stop - 1}`), { recursive: true });
      snapshots.push({ label: `edit after op ${stop - 1}`, dir: join(root, `edit-${stop - 1}`), moment: entry.at });
      sleep(3);
    }
    from = stop;
  }
  const timeline = new WorkspaceTimeline();
  const contexts = new ContextAtCache();
  timeline.sync(workspaceNow(readFolder(join(project, '.GCC')), 'python', edits));

  it('ran every op and saved every edit', () => {
    expect(snapshots.length).toBe(ops + Object.keys(EDITS).length);
    expect(edits.every((e) => e.changes.length === 1)).toBe(true);
  });

  it.each(snapshots.map((s) => [s.label, s.moment, s] as const))('%s (at %s)', (_label, moment, snap) => {
    const memory = timeline.at(moment);
    const real = workspaceNow(readFolder(snap.dir), 'python');
    expect(unexplainedDifferences(memory, real)).toEqual([]);
    const differing = differingFiles(memory, real);
    expect(differing.filter((f) => f !== 'main.md')).toEqual([]);
    for (const b of real.branches) {
      if (differing.includes('main.md')) break;
      for (const k of [1, 2]) {
        const expected = contextOf(real, b.name, k, 'python');
        expect(contextOf(memory, b.name, k, 'python')).toBe(expected);
        const at = memory.branches.find((x) => x.name === b.name)!;
        const now = timeline.now.branches.find((x) => x.name === b.name)!;
        expect(contexts.text(b.name, memory.roadmap, now.steps, at, k, 'python')).toBe(expected);
      }
    }
  });
});

function entry(file: string, target: EditTarget, before: Record<string, string>, after: Record<string, string>, versions: [string, string]): EditEntry {
  return { id: `edit-${Math.random().toString(16).slice(2)}`, at: new Date().toISOString(), file, changes: [{ target, before, after, versionBefore: versions[0], versionAfter: versions[1] }] };
}

function editRecord(gcc: string, branch: string, kind: 'commit' | 'step', index: number, fields: Record<string, string>): EditEntry {
  const file = `branches/${branch}/${kind === 'commit' ? 'commit' : 'log'}.md`;
  const bytes = new Uint8Array(readFileSync(join(gcc, file)));
  const options = { file, branch, dialect: 'python' as const };
  const records: (Commit | OtaStep)[] = kind === 'commit' ? parseCommits(bytes, options).commits : parseLog(bytes, options).steps;
  const record = records[index]!;
  const version = kind === 'commit' ? commitVersion(record as Commit) : stepVersion(record as OtaStep);
  const outcome = kind === 'commit' ? editCommits(bytes, options, [{ index, version, fields }]) : editSteps(bytes, options, [{ index, version, fields }]);
  if (!outcome.ok) throw new Error(outcome.message);
  writeFileSync(join(gcc, file), outcome.bytes);
  const before = Object.fromEntries(Object.keys(fields).map((k) => [k, (record as unknown as Record<string, string>)[k]!]));
  const target: EditTarget = kind === 'commit' ? { kind, branch, index, commitId: (record as Commit).commitId } : { kind, branch, index, step: (record as OtaStep).step };
  return entry(file, target, before, fields, [version, 'after']);
}

function editRoadmapPart(gcc: string, index: number, text: string): EditEntry {
  const bytes = new Uint8Array(readFileSync(join(gcc, 'main.md')));
  const part = roadmapParts(bytes)[index]!;
  const outcome = editRoadmap(bytes, { index, version: part.version, text });
  if (!outcome.ok) throw new Error(outcome.message);
  writeFileSync(join(gcc, 'main.md'), outcome.bytes);
  return entry('main.md', { kind: 'roadmap', index }, { text: part.text }, { text }, [part.version, 'after']);
}

function editPurpose(gcc: string, branch: string, purpose: string): EditEntry {
  const file = `branches/${branch}/metadata.yaml`;
  const bytes = new Uint8Array(readFileSync(join(gcc, file)));
  const meta = parseMetadata(bytes, file).metadata!;
  const outcome = editMetadata(bytes, { file, dialect: 'python' }, { version: metadataVersion(meta), fields: { purpose } });
  if (!outcome.ok) throw new Error(outcome.message);
  writeFileSync(join(gcc, file), outcome.bytes);
  return entry(file, { kind: 'metadata', branch }, { purpose: meta.purpose }, { purpose }, [metadataVersion(meta), 'after']);
}
