// CONTEXT on damaged workspaces, ours (what the `context` command prints) against the real readers' on the same bytes,
// where the real reader succeeded and read something.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FuzzWorkspace } from '../../shared/gcc/test-support/fuzz-inputs.ts';
import { readOnce } from '../live/read-once.ts';
import { peerContexts, type PeerAnswer, type PeerJob, type PeerReader } from './contexa-peers.ts';

// Each fuzz workspace is written to a temp folder; theirs come from Contexa's Python and TypeScript readers
// (contexa-peers.ts). Where the real reader raised or read nothing, the case is counted and listed, not compared (our
// CONTEXT reports those cases itself).
export interface ContextComparison {
  /** (workspace, reader, K) triples the real reader answered with records, compared byte for byte. */
  compared: number;
  /** Where ours differed from the real reader's: the case and the first line that differs. */
  mismatches: string[];
  /** The real reader raised (e.g. invalid UTF-8 in Python, invalid YAML in js-yaml): not compared. */
  raised: string[];
  /** The real reader read no commit and no step: not compared. */
  readNothing: string[];
}

const FILES = { roadmap: 'main.md', log: 'branches/main/log.md', commit: 'branches/main/commit.md', metadata: 'branches/main/metadata.yaml' } as const;
// TypeScript first: its lock is a `.lock` file it creates and removes, and Python's flock leaves that file behind
// (the TypeScript reader would then wait out its lock timeout on every workspace).
const READERS: readonly PeerReader[] = ['typescript', 'python'];
const KS = [1, 2];

export function firstDifference(ours: string, theirs: string): string {
  const a = ours.split('\n');
  const b = theirs.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i < 0 ? Math.min(a.length, b.length) : i;
  return `line ${at + 1}: ours ${JSON.stringify(a[at] ?? '(end)').slice(0, 120)}, theirs ${JSON.stringify(b[at] ?? '(end)').slice(0, 120)}`;
}

async function ourContexts(dir: string): Promise<Map<string, string>> {
  const view = await readOnce({ gccDir: join(dir, '.GCC'), root: dir, only: 'main' });
  const out = new Map<string, string>();
  for (const reader of READERS) for (const k of KS) out.set(`${reader}:${k}`, view.contextText('main', k, reader)?.text ?? '(no branch main)');
  return out;
}

export async function compareContexts(workspaces: readonly FuzzWorkspace[]): Promise<ContextComparison> {
  const root = mkdtempSync(join(tmpdir(), 'gcc-context-fuzz-'));
  const result: ContextComparison = { compared: 0, mismatches: [], raised: [], readNothing: [] };
  try {
    const ours: Map<string, string>[] = [];
    const jobs: PeerJob[] = [];
    for (const [i, ws] of workspaces.entries()) {
      const dir = join(root, `ws${i}`);
      for (const [kind, rel] of Object.entries(FILES)) {
        mkdirSync(join(dir, '.GCC', 'branches', 'main'), { recursive: true });
        writeFileSync(join(dir, '.GCC', rel), ws.files[kind as keyof typeof FILES]);
      }
      // Ours first: the peers leave a .lock behind.
      ours.push(await ourContexts(dir));
      for (const k of KS) jobs.push({ dir, branch: 'main', k });
    }
    for (const reader of READERS) {
      const answers = await peerContexts(reader, jobs);
      answers.forEach((answer: PeerAnswer, j) => {
        const ws = Math.floor(j / KS.length);
        const k = KS[j % KS.length]!;
        const what = `#${ws} ${workspaces[ws]!.label} (${reader}, K=${k})`;
        if ('error' in answer) return void result.raised.push(`${what}: ${answer.error}`);
        if (answer.commits === 0 && answer.steps === 0) return void result.readNothing.push(what);
        result.compared++;
        const mine = ours[ws]!.get(`${reader}:${k}`)!;
        if (mine !== answer.text) result.mismatches.push(`${what}: ${firstDifference(mine, answer.text)}`);
      });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return result;
}
