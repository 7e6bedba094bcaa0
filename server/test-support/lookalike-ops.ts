// Test support only: agent operations whose values look like structure (a `---` line, a `### Step` or `## Commit` line,
// a label inside a value, an action-only step): Contexa's readers misread them, which decides CONTEXT and the numbers.
import type { PythonOp } from './real-contexa.ts';

export const LOOKALIKE_OPS: PythonOp[] = [
  { op: 'init', roadmap: 'Roadmap\n## Commit `cafebabe`\nnot a commit' },
  { op: 'log', o: 'plain', t: 'plan:\n### Steps taken\n1. read', a: 'run' },
  { op: 'log', o: 'label inside\n**Action:** not the action', t: 'a `---` line:\n---\nafter', a: 'x' },
  { op: 'commit', c: 'did it\n## Commit `deadbeef`\nthe rest is cut' },
  { op: 'log', o: '', t: '', a: 'action only' },
  { op: 'commit', c: 'second\n## Commit notes\nPython drops this commit' },
  { op: 'branch', name: 'side', purpose: 'try: a purpose with a colon' },
  { op: 'log', o: 'side step\n### Step 7 — fake', t: 't', a: 'a' },
  { op: 'commit', c: 'side work' },
  { op: 'switch', name: 'main' },
  { op: 'merge', name: 'side' },
];
