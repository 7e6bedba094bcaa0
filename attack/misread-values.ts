// Hand edits whose text Contexa's readers would take for structure, and edits that name the wrong record: refused,
// with the file unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAITHFUL_READERS, type MisreadReport } from '../shared/gcc/dialects/misread.ts';
import { readerView } from '../shared/gcc/dialects/reader-view.ts';
import { parseCommits } from '../shared/gcc/read/commits.ts';
import { parseLog } from '../shared/gcc/read/log.ts';
import { startAttackStudio, type AttackStudio } from './studio.ts';
import type { AttackPart } from './types.ts';

const PAYLOADS = ['first line\n## Commit `deadbeef`\nthe rest', 'notes follow\n## Commit notes\n- one', 'what I did\n### Steps taken\n1. read', 'see below\n### Step 7 — 2027-01-01T00:00:00Z\ntail'];
const DIALECTS = ['python', 'typescript', 'rust', 'go'];

type Res = { status: number; text: string };
const body = (b: unknown) => ({ method: 'PATCH', body: JSON.stringify(b) });
const fileOf = (studio: AttackStudio, rel: string) => new Uint8Array(readFileSync(join(studio.project, '.GCC', rel)));

interface Target {
  file: string;
  /** The header its readers look for: a line starting so in a value is what they misread. */
  header: string;
  /** Sends the text as this record's edited field, as a page would (fresh version); `wrong` names another record. */
  send(studio: AttackStudio, text: string, wrong?: boolean): Promise<Res>;
  /** The problem with how each faithful reader reads the saved file, or null. */
  readsBack(bytes: Uint8Array, dialect: string): string | null;
}

const COMMIT: Target = {
  file: 'branches/main/commit.md',
  header: '## Commit',
  async send(studio, text, wrong) {
    const c = (JSON.parse((await studio.request('/api/branches/main')).text) as { commits: { commitId: string; version: string }[] }).commits[0]!;
    return studio.request('/api/branches/main/commits/0', body({ commitId: wrong ? 'deadbeef' : c.commitId, version: c.version, fields: { thisCommitContribution: text } }));
  },
  readsBack(bytes, dialect) {
    const parsed = parseCommits(bytes, { file: 'commit.md', branch: 'main', dialect: dialect as 'python' });
    for (const reader of FAITHFUL_READERS) {
      const read = readerView(reader, { commits: parsed.commits, steps: [] }, { commit: bytes }).commits;
      if (read.length !== parsed.commits.length || read[0]!.commitId !== parsed.commits[0]!.commitId) return `${reader} reads ${read.length} commits, the first ${read[0]?.commitId}`;
    }
    return null;
  },
};

const STEP: Target = {
  file: 'branches/main/log.md',
  header: '### Step',
  async send(studio, text, wrong) {
    const s = (JSON.parse((await studio.request('/api/branches/main/steps?from=0&limit=1')).text) as { steps: { step: number; version: string }[] }).steps[0]!;
    return studio.request('/api/branches/main/steps/0', body({ step: wrong ? s.step + 40 : s.step, version: s.version, fields: { thought: text } }));
  },
  readsBack(bytes, dialect) {
    const parsed = parseLog(bytes, { file: 'log.md', dialect: dialect as 'python' });
    for (const reader of FAITHFUL_READERS) {
      const read = readerView(reader, { commits: [], steps: parsed.steps }, { log: bytes }).steps;
      const kept = readerView(reader, { commits: [], steps: parsed.steps.slice(1) }, { log: bytes }).steps.length;
      if (read.length !== kept + 1 || read[0]!.step !== parsed.steps[0]!.step) return `${reader} reads ${read.length - kept} steps where the first was, numbered ${read[0]?.step}`;
    }
    return null;
  },
};

/**
 * One payload into one record. A line with the file's own header is refused with the readers' readings, and its safe
 * form saves; a line with the other file's header is harmless there and saves as typed. Either way the saved file
 * must read back whole in every faithful reader.
 */
async function tryPayload(studio: AttackStudio, dialect: string, target: Target, payload: string): Promise<string | null> {
  const where = `${dialect} ${target.file} ${JSON.stringify(payload)}`;
  const before = fileOf(studio, target.file);
  const refused = await target.send(studio, payload);
  if (!payload.includes(`\n${target.header}`)) {
    if (refused.status !== 200) return `${where}: a harmless line was refused (${refused.status}): ${refused.text.slice(0, 160)}`;
    return target.readsBack(fileOf(studio, target.file), dialect);
  }
  if (refused.status !== 422) return `${where}: answered ${refused.status}: ${refused.text.slice(0, 160)}`;
  const { misread } = JSON.parse(refused.text) as { misread?: MisreadReport };
  if (!misread || misread.readers.length === 0 || !misread.readers.every((r) => r.reads.length >= 0 && r.problems.length > 0)) return `${where}: the refusal does not say what each reader reads`;
  if (!Buffer.from(fileOf(studio, target.file)).equals(before)) return `${where}: the file changed although the edit was refused`;
  const safe = misread.fields[0]!.safeText;
  const saved = await target.send(studio, safe);
  if (saved.status !== 200) return `${where}: the safe form answered ${saved.status}: ${saved.text.slice(0, 160)}`;
  return target.readsBack(fileOf(studio, target.file), dialect);
}

/** A body naming another record (wrong commit id, wrong step number): 409, nothing written. */
async function tryWrongRecord(studio: AttackStudio, dialect: string, target: Target): Promise<string | null> {
  const before = fileOf(studio, target.file);
  const res = await target.send(studio, 'a plain edit', true);
  const same = Buffer.from(fileOf(studio, target.file)).equals(before);
  return res.status === 409 && same && /not the (commit|step)/.test(res.text) ? null : `${dialect} ${target.file}: a wrong id answered ${res.status}${same ? '' : ', the file changed'}: ${res.text.slice(0, 160)}`;
}

/**
 * On the workspace of every dialect with a faithful reader, each payload goes into a commit's contribution and a
 * step's thought. Refused means: 422 with what each misreading reader reads and the safe form, the file unchanged; the
 * safe form then saves, and every faithful reader reads the saved file back as one record with its own id and number.
 * A wrong `commitId` or `step` in the body answers 409 with the record as it is.
 */
export const misreadPart: AttackPart = {
  kind: 'attack',
  name: 'hand edits that Contexa readers would misread, or that name the wrong record',
  async run({ quick }) {
    const failures: string[] = [];
    let tried = 0;
    for (const dialect of quick ? DIALECTS.slice(0, 2) : DIALECTS) {
      const studio = await startAttackStudio(dialect);
      try {
        for (const target of [COMMIT, STEP]) {
          for (const payload of PAYLOADS) {
            tried++;
            const problem = await tryPayload(studio, dialect, target, payload);
            if (problem) failures.push(problem);
          }
          tried++;
          const wrong = await tryWrongRecord(studio, dialect, target);
          if (wrong) failures.push(wrong);
        }
      } finally {
        await studio.stop();
      }
    }
    return { tried, failures };
  },
};
