// A huge workspace for the benchmark, byte for byte what fixtures/corpus/gen-large.py writes (TypeScript-writer
// dialect by default): 205,000 steps is about 50 MB. Deterministic, so figures compare across runs.
import { mkdirSync, openSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

export type LargeDialect = 'ts' | 'py';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

export function largeTimestamp(sec: number, dialect: LargeDialect): string {
  const ms = T0 + sec * 7000 + ((sec * 137) % 1000);
  const iso = new Date(ms).toISOString(); // 2026-01-05T09:00:00.000Z
  if (dialect === 'ts') return iso;
  const micros = ms % 1000;
  // Python's isoformat() drops the fraction when it is zero and otherwise prints six digits.
  return micros === 0 ? `${iso.slice(0, 19)}+00:00` : `${iso.slice(0, 19)}.${String(micros).padStart(3, '0')}000+00:00`;
}

const OBS = [
  'ran `pytest -q tests/test_api.py::test_{i}`: 1 failed, 41 passed',
  'file src/handlers/h{i}.ts is 212 lines; **TODO** markers: 3',
  'curl -s localhost:3000/todos?page={i} returned 200 with 25 items',
  'diff of migration {i}:\n---\n-ALTER TABLE todos ADD COLUMN due date;\n+ALTER TABLE todos ADD COLUMN due timestamptz;\n---\nend of diff',
  'naïve café — ✓ fixture #{i} loaded',
];
const THOUGHTS = [
  'The failure is an off-by-one in pagination; check `offset = (page-1)*size`.',
  'Split the handler before it grows further.\n- extract validation\n- extract persistence',
  'Response shape matches the OpenAPI spec.',
  'Use timestamptz; naive dates break across DST.',
  'Fixture loads; continue with step {i}.',
];
const ACTS = ['edit src/pagination.ts', 'write_file src/handlers/validate.ts', 'noop', 'write_file migrations/{i}.sql', 'npm test'];

const fill = (template: string, i: number) => template.replaceAll('{i}', String(i));
const escapeSeparators = (s: string) => s.replaceAll('\n---\n', '\n\\---\n');

/** The bytes of step i (1-based) exactly as gen-large.py writes them, including a merge header every 10,000 steps. */
export function largeStepText(i: number, dialect: LargeDialect): string {
  const k = i % 5;
  const ts = largeTimestamp(i, dialect);
  const merge = i % 10000 === 0 ? `\n## Merged from \`exp-${i / 10000}\` (${ts})\n\n` : '';
  return (
    `${merge}### Step ${i} — ${ts}\n**Observation:** ${escapeSeparators(fill(OBS[k]!, i))}\n\n` +
    `**Thought:** ${escapeSeparators(fill(THOUGHTS[k]!, i))}\n\n**Action:** ${escapeSeparators(fill(ACTS[k]!, i))}\n\n---\n`
  );
}

export interface LargeWorkspace {
  gccDir: string;
  logPath: string;
  logBytes: number;
}

export function generateLargeWorkspace(outDir: string, steps: number, dialect: LargeDialect = 'ts'): LargeWorkspace {
  const gccDir = join(outDir, '.GCC');
  const branchDir = join(gccDir, 'branches', 'main');
  mkdirSync(branchDir, { recursive: true });
  writeFileSync(join(gccDir, 'main.md'), `# Project Roadmap\n\n**Initialized:** ${largeTimestamp(0, dialect)}\n\nLong-running agent: soak test of a ${steps}-step log.\n`);
  const created = largeTimestamp(0, dialect);
  writeFileSync(
    join(branchDir, 'metadata.yaml'),
    dialect === 'ts'
      ? `name: main\npurpose: Primary reasoning trajectory\ncreated_from: ''\ncreated_at: '${created}'\nstatus: active\nmerged_into: null\nmerged_at: null\n`
      : `created_at: '${created}'\ncreated_from: ''\nmerged_at: null\nmerged_into: null\nname: main\npurpose: Primary reasoning trajectory\nstatus: active\n`,
  );
  const logPath = join(branchDir, 'log.md');
  const fd = openSync(logPath, 'w');
  const commits = ['# Commit History — branch `main`\n\n'];
  let chunk: string[] = ['# OTA Log — branch `main`\n\n'];
  let logBytes = 0;
  const flush = () => {
    const buf = Buffer.from(chunk.join(''), 'utf8');
    writeSync(fd, buf);
    logBytes += buf.length;
    chunk = [];
  };
  for (let i = 1; i <= steps; i++) {
    chunk.push(largeStepText(i, dialect));
    if (i % 5000 === 0) {
      const cid = ((i * 2654435761) >>> 0).toString(16).padStart(8, '0');
      commits.push(
        `## Commit \`${cid}\`\n**Timestamp:** ${largeTimestamp(i, dialect)}\n\n**Branch Purpose:** Primary reasoning trajectory\n\n` +
          `**Previous Progress Summary:** checkpoint before step ${i - 5000}\n\n**This Commit's Contribution:** checkpoint at step ${i}\n\n---\n`,
      );
    }
    if (chunk.length >= 2000) flush();
  }
  flush();
  closeSync(fd);
  writeFileSync(join(branchDir, 'commit.md'), commits.join(''));
  return { gccDir, logPath, logBytes };
}
