// Test support only: Contexa's real Python implementation (../shared/peers/contexa/python, run by python3 with
// PyYAML), to write workspaces with the real writer and to read them back with the real reader's summary().
import { contexaPeersDir } from '../../fixtures/peers.ts';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The peers folder (fixtures/peers.ts: the vendored copy, or $GCC_STUDIO_PEERS). */
export function contexaPeers(): string {
  const dir = contexaPeersDir();
  if (!dir) throw new Error("Contexa's real implementations are not at hand (fixtures/peers/contexa is missing); set GCC_STUDIO_PEERS");
  return dir;
}

/** A python3 that imports yaml (PyYAML), which the real Python Contexa needs. */
export function pythonWithYaml(): string {
  for (const python of [process.env.CONTEXA_PYTHON, 'python3', '/usr/bin/python3']) {
    if (!python) continue;
    const probe = spawnSync(python, ['-c', 'import yaml'], { encoding: 'utf8' });
    if (probe.status === 0) return python;
  }
  throw new Error('no python3 with PyYAML found (apt-get install -y python3-yaml, or set CONTEXA_PYTHON)');
}

export type PythonOp =
  | { op: 'init'; roadmap: string }
  | { op: 'log'; o: string; t: string; a: string }
  | { op: 'commit'; c: string; roadmap?: string }
  | { op: 'branch'; name: string; purpose: string }
  | { op: 'switch'; name: string }
  | { op: 'merge'; name: string }
  | { op: 'update_roadmap'; content: string };

const SCRIPT = String.raw`
import base64, json, sys
from contexa.workspace import GCCWorkspace
req = json.load(sys.stdin)
if req.get("deterministic"):
    # The same clock and ids as the TypeScript port is given: n-th call, n-th value.
    import contexa.workspace as W
    clock = iter(range(1, 1 << 30))
    ids = iter(range(1, 1 << 30))
    W._now = lambda: "2026-01-01T00:00:00.%06d+00:00" % next(clock)
    W._short_id = lambda: "%08x" % (0xc0de0000 + next(ids))
ws = GCCWorkspace(req["dir"])
out = {"contexts": {}}
for op in req["ops"]:
    kind = op["op"]
    if kind == "init": ws.init(op["roadmap"])
    elif kind == "load": ws.load()
    elif kind == "log": ws.log_ota(op["o"], op["t"], op["a"])
    elif kind == "commit": ws.commit(op["c"], update_roadmap=op.get("roadmap"))
    elif kind == "branch": ws.branch(op["name"], op["purpose"])
    elif kind == "switch": ws.switch_branch(op["name"])
    elif kind == "merge": ws.merge(op["name"])
    elif kind == "update_roadmap": ws.update_roadmap(op["content"])
for branch, k in req.get("contexts", []):
    try:
        text = ws.context(branch, k).summary()
        out["contexts"][branch + "@" + str(k)] = {"b64": base64.b64encode(text.encode("utf-8")).decode()}
    except Exception as e:
        out["contexts"][branch + "@" + str(k)] = {"error": type(e).__name__ + ": " + str(e)}
print(json.dumps(out))
`;

/** The clock and ids the deterministic real run uses, for the TypeScript port to be given the same. */
export function deterministicClock(): { now: () => string; newCommitId: () => string } {
  let clock = 0;
  let ids = 0;
  return {
    now: () => `2026-01-01T00:00:00.${String(++clock).padStart(6, '0')}+00:00`,
    newCommitId: () => (0xc0de0000 + ++ids).toString(16).padStart(8, '0'),
  };
}

export interface PythonRun {
  /** `branch@k` → the bytes summary() returned, or the error context() raised. */
  contexts: Record<string, { bytes: Buffer } | { error: string }>;
}

/**
 * Runs the real Python Contexa on `dir`: the operations (after `load` when the workspace exists), then
 * context(branch, k).summary() for each pair asked for.
 */
export function runRealPython(
  dir: string,
  ops: readonly (PythonOp | { op: 'load' })[],
  contexts: readonly [string, number][] = [],
  options: { deterministic?: boolean } = {},
): PythonRun {
  const r = spawnSync(pythonWithYaml(), ['-c', SCRIPT], {
    input: JSON.stringify({ dir, ops, contexts, deterministic: options.deterministic === true }),
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: join(contexaPeers(), 'python') },
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`real Python Contexa failed (${r.status}): ${r.stderr}`);
  const parsed = JSON.parse(r.stdout) as { contexts: Record<string, { b64: string } | { error: string }> };
  const out: PythonRun = { contexts: {} };
  for (const [key, v] of Object.entries(parsed.contexts)) out.contexts[key] = 'b64' in v ? { bytes: Buffer.from(v.b64, 'base64') } : v;
  return out;
}
