// The folder as it stood after each operation of a corpus scenario, rebuilt from the operation list and the real
// writer's final bytes (each copy a prefix of each final file, cut by counting), never from times.
import type { Dialect } from '../../types.ts';
import { encodeUtf8 } from '../read/bytes.ts';
import { parseCommits } from '../read/commits.ts';
import { parseLog } from '../read/log.ts';
import { parseMetadata } from '../read/metadata.ts';
import { parseRoadmap } from '../read/roadmap.ts';
import { serializeMetadata } from '../write/metadata-write.ts';
import { compareTime, isoKey } from '../read/time-key.ts';
import type { ScenarioOp } from './replay-scenario.ts';
import type { FolderFiles } from './workspace-now.ts';

export interface OpCopy {
  index: number;
  op: ScenarioOp;
  files: FolderFiles;
  /** The moment the op ended at (its last record), or null for an op that writes no time (update_roadmap). */
  moment: string | null;
}

interface Counts {
  items: Map<string, number>;
  commits: Map<string, number>;
  steps: Map<string, number>;
  created: Set<string>;
  merged: Set<string>;
  roadmapParts: number;
}

/**
 * Each `log` op added one step block to the current branch's log; a merge one `## Merged from` heading, the steps it
 * copied and one merge commit; each `commit` one commit block; a commit with a roadmap (and a merge, and Python's
 * update_roadmap) one part of main.md, matched by its text. A branch's metadata before its merge is what its writer
 * writes at `branch` (metadata-write.ts). (Elixir rewrites whole files on append, but with the bytes it read: its
 * corpus logs show earlier headers unchanged by later appends.)
 */
export function opCopies(final: FolderFiles, dialect: Dialect, ops: readonly ScenarioOp[], ok: readonly boolean[]): OpCopy[] {
  const parsed = parseFinal(final, dialect);
  const counts: Counts = { items: new Map(), commits: new Map(), steps: new Map(), created: new Set(['main']), merged: new Set(), roadmapParts: 0 };
  const inc = (m: Map<string, number>, b: string, by = 1) => m.set(b, (m.get(b) ?? 0) + by);
  const purposes = new Map<string, string>();
  let current = 'main';
  const out: OpCopy[] = [];
  ops.forEach((op, index) => {
    let moment: string | null = null;
    if (ok[index] !== false) {
      switch (op.op) {
        case 'init':
          moment = maxTime(parsed.roadmapInitialized, parsed.meta.get('main')?.createdAt ?? null);
          break;
        case 'log':
          inc(counts.items, current);
          inc(counts.steps, current);
          moment = `${current}@step:${counts.steps.get(current)}`;
          break;
        case 'commit':
          inc(counts.commits, current);
          moment = `${current}@commit:${counts.commits.get(current)}`;
          const part = parsed.roadmapParts[counts.roadmapParts];
          if (op.roadmap !== undefined && part?.text.includes(op.roadmap.trim())) {
            counts.roadmapParts++;
            // The update is written after the commit, with its own (sometimes later) time: the op ends there.
            const commitTime = parsed.commitTimes.get(current)?.[counts.commits.get(current)! - 1] ?? null;
            if (part.timestamp !== null && maxTime(part.timestamp, commitTime) === part.timestamp && part.timestamp !== commitTime) moment = part.timestamp;
          }
          break;
        case 'branch':
          current = op.name;
          counts.created.add(op.name);
          purposes.set(op.name, op.purpose);
          moment = parsed.meta.get(op.name)?.createdAt ?? null;
          break;
        case 'merge': {
          const copied = parsed.mergeSizes.get(op.name) ?? 0;
          inc(counts.items, 'main', 1 + copied);
          inc(counts.steps, 'main', copied);
          inc(counts.commits, 'main');
          if (parsed.roadmapParts[counts.roadmapParts]?.text.includes(op.name)) counts.roadmapParts++;
          counts.merged.add(op.name);
          current = 'main';
          moment = parsed.meta.get(op.name)?.mergedAt ?? null;
          break;
        }
        case 'update_roadmap':
          if (parsed.roadmapParts[counts.roadmapParts]?.text.includes(op.content.trim().split('\n')[0]!)) counts.roadmapParts++;
          break;
      }
    }
    out.push({ index, op, moment, files: copyAt(final, parsed, counts, purposes, dialect) });
  });
  return out;
}

interface ParsedFinal {
  /** Per branch: byte offsets where the log's first n items (steps and merge headings) end, n = 0, 1, …. */
  logEnds: Map<string, number[]>;
  commitEnds: Map<string, number[]>;
  commitTimes: Map<string, string[]>;
  mergeSizes: Map<string, number>;
  meta: Map<string, NonNullable<ReturnType<typeof parseMetadata>['metadata']>>;
  roadmapParts: { text: string; start: number; timestamp: string | null }[];
  roadmapInitialized: string | null;
}

function parseFinal(final: FolderFiles, dialect: Dialect): ParsedFinal {
  const p: ParsedFinal = { logEnds: new Map(), commitEnds: new Map(), commitTimes: new Map(), mergeSizes: new Map(), meta: new Map(), roadmapParts: [], roadmapInitialized: null };
  for (const [path, bytes] of final) {
    const m = /^branches\/([^/]+)\/(log\.md|commit\.md|metadata\.yaml)$/.exec(path);
    if (!m) continue;
    const [, branch, kind] = m as unknown as [string, string, string];
    if (kind === 'log.md') {
      const log = parseLog(bytes, { file: path, dialect });
      const items = [...log.steps.map((s) => s.range), ...log.merges.map((g) => g.range)].sort((a, b) => a.start - b.start);
      p.logEnds.set(branch, [log.header?.range.end ?? 0, ...items.map((r) => r.end)]);
      for (const g of log.merges) p.mergeSizes.set(g.branch, log.steps.filter((s) => s.mergedFrom === g.branch).length);
    } else if (kind === 'commit.md') {
      const commits = parseCommits(bytes, { file: path, branch, dialect });
      p.commitEnds.set(branch, [commits.header?.range.end ?? 0, ...commits.commits.map((c) => c.range.end)]);
      p.commitTimes.set(branch, commits.commits.map((c) => c.timestamp));
    } else {
      const meta = parseMetadata(bytes, path).metadata;
      if (meta) p.meta.set(branch, meta);
    }
  }
  const roadmap = final.get('main.md');
  if (roadmap) {
    const r = parseRoadmap(roadmap);
    p.roadmapInitialized = r.initialized;
    p.roadmapParts = r.updates.map((u) => ({ text: u.text, start: u.range.start, timestamp: u.timestamp }));
  }
  return p;
}

function copyAt(final: FolderFiles, p: ParsedFinal, c: Counts, purposes: Map<string, string>, dialect: Dialect): FolderFiles {
  const files = new Map<string, Uint8Array>();
  const roadmap = final.get('main.md');
  if (roadmap) files.set('main.md', roadmap.subarray(0, p.roadmapParts[c.roadmapParts]?.start ?? roadmap.length));
  for (const branch of c.created) {
    const cut = (kind: string, ends: number[] | undefined, n: number) => {
      const bytes = final.get(`branches/${branch}/${kind}`);
      if (bytes && ends) files.set(`branches/${branch}/${kind}`, bytes.subarray(0, ends[n] ?? bytes.length));
    };
    cut('log.md', p.logEnds.get(branch), c.items.get(branch) ?? 0);
    cut('commit.md', p.commitEnds.get(branch), c.commits.get(branch) ?? 0);
    const metaPath = `branches/${branch}/metadata.yaml`;
    const meta = p.meta.get(branch);
    const metaBytes = final.get(metaPath);
    if (!metaBytes) continue;
    if (meta && meta.status === 'merged' && !c.merged.has(branch)) {
      const purpose = purposes.get(branch) ?? meta.purpose;
      files.set(metaPath, encodeUtf8(serializeMetadata({ ...meta, purpose, status: 'active', mergedInto: null, mergedAt: null }, dialect)));
    } else files.set(metaPath, metaBytes);
  }
  return files;
}

function maxTime(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  const [ka, kb] = [isoKey(a), isoKey(b)];
  return ka && kb && compareTime(ka, kb) >= 0 ? a : b;
}
