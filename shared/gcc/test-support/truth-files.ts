// Every truth file of the corpus (what a real Contexa implementation returned) with the workspace it was taken on and
// the reader that returned it; implementation.test.ts fails on one it does not know.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RenderDialect } from '../context/render.ts';
import { parseCommits } from '../read/commits.ts';
import { parseLog } from '../read/log.ts';
import type { BranchBytes } from '../dialects/implementation.ts';
import { CORPUS } from './corpus.ts';

export const READER_LANGS: readonly RenderDialect[] = ['python', 'typescript', 'rust', 'go', 'lua', 'elixir', 'zig'];

export interface TruthFile {
  /** Path relative to the corpus. */
  path: string;
  kind: 'context' | 'expected';
  /** The workspace folder (holding .GCC/) the reader ran on, relative to the corpus. */
  workspace: string;
  reader: RenderDialect;
  /** A mixed-py-ts segment: the state after that hand-over, cut out of the final files (segmentFiles). */
  segment?: string;
  branch?: string;
  k?: number;
}

/** Every expected.json and context-*.txt under the corpus, classified; `unknown` lists those that fit no pattern. */
export function truthFiles(): { files: TruthFile[]; unknown: string[] } {
  const files: TruthFile[] = [];
  const unknown: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) {
        if (name !== '.GCC' && name !== 'outside-gcc') walk(full);
        continue;
      }
      const context = /^context-(.+)-k(\d+)\.txt$/.exec(name);
      if (!context && name !== 'expected.json') continue;
      const path = relative(CORPUS, full);
      const where = classify(relative(CORPUS, dir));
      if (!where) unknown.push(path);
      else files.push({ path, kind: context ? 'context' : 'expected', ...where, ...(context ? { branch: context[1]!, k: Number(context[2]) } : {}) });
    }
  };
  walk(CORPUS);
  return { files, unknown };
}

function classify(dir: string): Pick<TruthFile, 'workspace' | 'reader' | 'segment'> | null {
  const parts = dir.split('/');
  const lang = (p: string | undefined): RenderDialect | null => (READER_LANGS as readonly string[]).includes(p ?? '') ? (p as RenderDialect) : null;
  // <ws>/readers/<lang>: that reader run on <ws>.
  if (parts.at(-2) === 'readers' && lang(parts.at(-1))) return { workspace: parts.slice(0, -2).join('/'), reader: lang(parts.at(-1))! };
  // mixed-py-ts/segments/<lang>-<from>-<to>: that writer's reading after its hand-over.
  const segment = /^mixed-py-ts\/segments\/([a-z]+)-\d+-\d+$/.exec(dir);
  if (segment && lang(segment[1])) return { workspace: 'mixed-py-ts', reader: lang(segment[1])!, segment: parts.at(-1)! };
  // <lang> and edge/<lang>: the writer's own reading of what it wrote.
  if (lang(parts.at(-1)) && existsSync(join(CORPUS, dir, '.GCC'))) return { workspace: dir, reader: lang(parts.at(-1))! };
  // mixed-py-ts/expected.json: every reader's reading of the final files (byReader), checked reader by reader.
  if (dir === 'mixed-py-ts') return { workspace: dir, reader: 'python' };
  return null;
}

const read = (p: string): Uint8Array | null => (existsSync(p) ? new Uint8Array(readFileSync(p)) : null);

/** A branch's files in a corpus workspace. */
export function branchBytes(workspace: string, branch: string): BranchBytes {
  const gcc = join(CORPUS, workspace, '.GCC');
  const dir = join(gcc, 'branches', branch);
  return { roadmap: read(join(gcc, 'main.md')), log: read(join(dir, 'log.md')), commit: read(join(dir, 'commit.md')), metadata: read(join(dir, 'metadata.yaml')) };
}

/**
 * A branch's files as they stood at the end of a mixed-py-ts segment. Every writer only appends to log.md, commit.md
 * and main.md, so each is the final file cut after the records the segment's own reader returned (its expected.json),
 * and main.md before the roadmap updates of later operations. A branch with no record yet did not exist.
 */
export function segmentFiles(segment: string, branch: string): BranchBytes {
  const final = branchBytes('mixed-py-ts', branch);
  const expected = JSON.parse(readFileSync(join(CORPUS, 'mixed-py-ts/segments', segment, 'expected.json'), 'utf8')) as {
    branches: Record<string, { ota: unknown[]; commits: unknown[] }>;
  };
  const counts = expected.branches[branch];
  const steps = counts?.ota.length ?? 0;
  const commits = counts?.commits.length ?? 0;
  const log = final.log && steps > 0 ? final.log.subarray(0, parseLog(final.log, { file: 'log.md' }).steps[steps - 1]!.range.end) : null;
  const commit = final.commit && commits > 0 ? final.commit.subarray(0, parseCommits(final.commit, { file: 'commit.md', branch }).commits[commits - 1]!.range.end) : null;
  // main.md: op 20 (update_roadmap, by Python) appended `\n{content}\n` last; before op 9 only op 8's roadmap update was in.
  const end = Number(/-(\d+)$/.exec(segment)![1]);
  let roadmap = final.roadmap;
  if (roadmap && end <= 20) {
    const ops = (JSON.parse(readFileSync(join(CORPUS, 'scenario.json'), 'utf8')) as { ops: { op: string; content?: string }[] }).ops;
    const appended = Buffer.from(`\n${ops[20]!.content}\n`);
    if (Buffer.from(roadmap.subarray(roadmap.length - appended.length)).equals(appended)) roadmap = roadmap.subarray(0, roadmap.length - appended.length);
    if (end <= 9) roadmap = cutBefore(roadmap, '\n## Update (', 1);
  }
  const exists = steps > 0 || commits > 0;
  return { roadmap, log: exists ? (log ?? headerOnly(final.log)) : null, commit: exists ? (commit ?? headerOnly(final.commit)) : null, metadata: exists ? final.metadata : null };
}

/** The bytes before the (n+1)-th occurrence of `marker` (all of them when there are fewer). */
function cutBefore(bytes: Uint8Array, marker: string, n: number): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = text.indexOf(Buffer.from(marker).toString('latin1'), at + 1);
    if (at < 0) return bytes;
  }
  return bytes.subarray(0, at);
}

/** A file's title block alone (a branch with no record of that kind yet). */
function headerOnly(bytes: Uint8Array | null): Uint8Array | null {
  if (!bytes) return null;
  const text = Buffer.from(bytes).toString('latin1');
  const end = text.indexOf('\n\n');
  return end < 0 ? bytes : bytes.subarray(0, end + 2);
}
