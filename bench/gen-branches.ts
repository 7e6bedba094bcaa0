// The bench's many-branch workspace: a tree of branches, every other one merged, in Contexa TypeScript's bytes.
// Deterministic, so runs compare.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const T0 = Date.UTC(2026, 1, 2, 8, 0, 0);
const iso = (sec: number) => new Date(T0 + sec * 1000 + (sec % 1000)).toISOString();

export interface BranchTree {
  name: string;
  parent: string;
  merged: boolean;
}

/** main, then b-0001…: the first few from main, later ones from an earlier branch (a fixed pseudo-random pick). */
export function branchTree(count: number): BranchTree[] {
  const tree: BranchTree[] = [{ name: 'main', parent: '', merged: false }];
  let seed = 0x2545f491;
  for (let k = 1; k < count; k++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const parent = k <= 8 ? 'main' : tree[1 + (seed % (k - 1))]!.name;
    tree.push({ name: `b-${String(k).padStart(4, '0')}`, parent, merged: k % 2 === 0 });
  }
  return tree;
}

function step(n: number, ts: string, branch: string): string {
  return (
    `### Step ${n} — ${ts}\n**Observation:** ran the checks of ${branch} at step ${n}: ${n % 7} failed, ${40 + (n % 5)} passed\n\n` +
    `**Thought:** ${n % 3 === 0 ? 'Narrow the failing case first.\n- bisect the inputs\n- keep the fixture' : 'Continue with the plan.'}\n\n` +
    `**Action:** ${n % 4 === 0 ? 'npm test' : `edit src/${branch}/part${n % 9}.ts`}\n\n---\n`
  );
}

function commit(id: string, ts: string, purpose: string, prev: string, contribution: string): string {
  return (
    `## Commit \`${id}\`\n**Timestamp:** ${ts}\n\n**Branch Purpose:** ${purpose}\n\n` +
    `**Previous Progress Summary:** ${prev}\n\n**This Commit's Contribution:** ${contribution}\n\n---\n`
  );
}

function metadata(b: BranchTree, purpose: string, createdAt: string, mergedAt: string | null): string {
  const merged = b.merged && mergedAt !== null;
  return (
    `name: ${b.name}\npurpose: ${purpose}\ncreated_from: ${b.parent ? b.parent : "''"}\ncreated_at: '${createdAt}'\n` +
    `status: ${merged ? 'merged' : 'active'}\nmerged_into: ${merged ? b.parent : 'null'}\nmerged_at: ${merged ? `'${mergedAt}'` : 'null'}\n`
  );
}

export interface ManyBranches {
  gccDir: string;
  branches: number;
  bytes: number;
}

export function generateManyBranches(outDir: string, count = 500, commitsEach = 20, stepsEach = 200): ManyBranches {
  const gccDir = join(outDir, '.GCC');
  const tree = branchTree(count);
  const logs = new Map<string, string[]>();
  const commitLogs = new Map<string, string[]>();
  const own = new Map<string, string[]>();
  let bytes = 0;
  tree.forEach((b, k) => {
    const base = k * 2000;
    const purpose = k === 0 ? 'Primary reasoning trajectory' : `Try approach ${k} for ${b.parent}`;
    const steps: string[] = [];
    for (let n = 1; n <= stepsEach; n++) steps.push(step(n, iso(base + n * 7), b.name));
    const commits: string[] = [];
    for (let c = 1; c <= commitsEach; c++) {
      const id = ((Math.imul(k * 1000 + c, 2654435761) >>> 0).toString(16)).padStart(8, '0');
      const at = Math.round((c * stepsEach) / commitsEach);
      commits.push(commit(id, iso(base + at * 7 + 1), purpose, `up to step ${at - stepsEach / commitsEach}`, `${b.name}: steps to ${at}`));
    }
    own.set(b.name, steps);
    logs.set(b.name, [`# OTA Log — branch \`${b.name}\`\n\n`, ...steps]);
    commitLogs.set(b.name, [`# Commit History — branch \`${b.name}\`\n\n`, ...commits]);
  });
  // Merges, deepest branches first: the parent's log gets the marker and copies of the child's steps, and a commit.
  const mergedAt = new Map<string, string>();
  for (let k = tree.length - 1; k >= 1; k--) {
    const b = tree[k]!;
    if (!b.merged) continue;
    const at = iso(k * 2000 + stepsEach * 7 + 500);
    mergedAt.set(b.name, at);
    logs.get(b.parent)!.push(`\n## Merged from \`${b.name}\` (${at})\n\n`, ...own.get(b.name)!);
    const summary = `Merged branch \`${b.name}\` (${commitsEach} commits).`;
    commitLogs.get(b.parent)!.push(commit(((Math.imul(k, 40503) >>> 0).toString(16)).padStart(8, '0'), at, `Merging branch \`${b.name}\``, summary, summary));
  }
  mkdirSync(gccDir, { recursive: true });
  writeFileSync(join(gccDir, 'main.md'), `# Project Roadmap\n\n**Initialized:** ${iso(0)}\n\nA tree of ${count} branches.\n`);
  tree.forEach((b, k) => {
    const dir = join(gccDir, 'branches', b.name);
    mkdirSync(dir, { recursive: true });
    const files = {
      'log.md': logs.get(b.name)!.join(''),
      'commit.md': commitLogs.get(b.name)!.join(''),
      'metadata.yaml': metadata(b, k === 0 ? 'Primary reasoning trajectory' : `Try approach ${k} for ${b.parent}`, iso(k * 2000), mergedAt.get(b.name) ?? null),
    };
    for (const [file, text] of Object.entries(files)) {
      writeFileSync(join(dir, file), text);
      bytes += Buffer.byteLength(text);
    }
  });
  return { gccDir, branches: tree.length, bytes };
}
