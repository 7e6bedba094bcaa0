// Telling which writer wrote a branch, for every corpus branch and from each file's evidence.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectBranchDialect, detectDialect, detectFileDialect, timestampsInText, type FileEvidence } from './detect.ts';
import { parseMetadata } from '../read/metadata.ts';

const LANGS = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir'] as const;
const BRANCHES = ['main', 'auth-jwt', 'auth-session'];

const text = (path: string): string => new TextDecoder().decode(readFileSync(path));

/** The evidence an integrator would feed from the parsed files of one branch. */
function branchEvidence(workspace: string, branch: string): FileEvidence[] {
  const dir = join(CORPUS, workspace, '.GCC/branches', branch);
  const parsed = parseMetadata(new Uint8Array(readFileSync(join(dir, 'metadata.yaml'))), `branches/${branch}/metadata.yaml`);
  const metaTimestamps = [parsed.metadata?.createdAt, parsed.metadata?.mergedAt].filter((t): t is string => typeof t === 'string' && t !== '');
  const files: FileEvidence[] = [{ kind: 'metadata', file: `branches/${branch}/metadata.yaml`, timestamps: metaTimestamps, metadataStyle: parsed.style }];
  for (const kind of ['log', 'commit'] as const) {
    const body = text(join(dir, `${kind}.md`));
    files.push({ kind, file: `branches/${branch}/${kind}.md`, timestamps: timestampsInText(body), text: body });
  }
  return files;
}

function roadmapEvidence(workspace: string): FileEvidence {
  const body = text(join(CORPUS, workspace, '.GCC/main.md'));
  return { kind: 'roadmap', file: 'main.md', timestamps: timestampsInText(body), text: body };
}

describe('every corpus branch detects as the language that wrote it', () => {
  const cases = LANGS.flatMap((lang) => BRANCHES.map((branch) => [lang, branch] as const));
  it.each(cases)('%s / %s', (lang, branch) => {
    const lock = existsSync(join(CORPUS, lang, '.GCC/.lock'));
    const verdict = detectBranchDialect(branchEvidence(lang, branch), { lockFile: lock });
    expect(verdict.dialect, verdict.reasons.join('\n')).toBe(lang);
    expect(verdict.mixed).toBe(false);
    expect(verdict.reasons[0]).toMatch(new RegExp(`^${lang} scores`));
    expect(verdict.reasons.some((r) => r.startsWith('decided by '))).toBe(true);
  });

  it.each(LANGS.filter((l) => l !== 'zig'))("%s's roadmap detects as %s", (lang) => {
    expect(detectFileDialect(roadmapEvidence(lang)).dialect).toBe(lang);
  });
});

describe('per-file evidence', () => {
  it('go and zig logs alone are a tie: both write …:08Z', () => {
    for (const lang of ['go', 'zig']) {
      const [, log] = branchEvidence(lang, 'auth-jwt');
      const verdict = detectFileDialect(log as FileEvidence);
      expect(verdict.dialect).toBe('unknown');
      expect(verdict.candidates).toEqual(['go', 'zig']);
      expect(verdict.reasons[0]).toContain('tie between go, zig');
    }
  });

  it('YAML style breaks the go/zig tie: go double quotes, zig none', () => {
    const go = branchEvidence('go', 'auth-session')[0] as FileEvidence;
    const zig = branchEvidence('zig', 'auth-session')[0] as FileEvidence;
    expect(detectFileDialect(go).dialect).toBe('go');
    expect(detectFileDialect(zig).dialect).toBe('zig');
    // Even without the exact-bytes match, the quoting habits alone decide.
    const habitsOnly = (e: FileEvidence): FileEvidence => ({ ...e, metadataStyle: e.metadataStyle && { ...e.metadataStyle, writers: [] } });
    expect(detectFileDialect(habitsOnly(go)).dialect).toBe('go');
    expect(detectFileDialect(habitsOnly(zig)).dialect).toBe('zig');
  });

  it('merge texts: Zig’s merge commit and raw-log merge, roadmap lines with and without `Merged `x`:`', () => {
    expect(detectFileDialect({ kind: 'commit', timestamps: ['2026-12-02T13:58:18Z'], text: 'Merged branch `auth-jwt` into `main`' }).dialect).toBe('zig');
    const zigLog = branchEvidence('zig', 'main')[1] as FileEvidence;
    expect(detectFileDialect(zigLog).dialect).toBe('zig');
    const roadmap = (line: string) => detectFileDialect({ kind: 'roadmap', timestamps: [], text: `## Update (t)\n${line}\n` });
    expect(roadmap('Merged `x`: Merged branch `x` (2 commits). Contributions: a').candidates).toEqual(['python', 'lua', 'elixir']);
    expect(roadmap('Merged branch `x` (2 commits). Contributions: a').candidates).toEqual(['typescript', 'rust', 'go']);
  });

  it("Elixir's corrupted step headers are evidence, not noise", () => {
    const log = branchEvidence('elixir', 'main')[1] as FileEvidence;
    const verdict = detectFileDialect(log);
    expect(verdict.dialect).toBe('elixir');
    expect(verdict.reasons.join('\n')).toContain('corrupted by Elixir');
  });

  it('lock leftovers only nudge', () => {
    const ts = ['2026-12-02T13:58:10Z'];
    expect(detectBranchDialect([{ kind: 'log', timestamps: ts }]).dialect).toBe('unknown');
    expect(detectBranchDialect([{ kind: 'log', timestamps: ts }], { lockFile: true }).dialect).toBe('unknown'); // go and zig both keep it
    expect(detectBranchDialect([{ kind: 'log', timestamps: ['2026-12-02T14:14:51+00:00'] }], { lockDir: true }).dialect).toBe('lua');
    expect(detectDialect({ kind: 'log', timestamps: [] })).toBe('unknown');
  });
});

describe('mixed-py-ts: Python, then TypeScript, then Python', () => {
  it('branches TypeScript created are typescript; main stays python but shows the TypeScript merge', () => {
    expect(detectDialect(branchEvidence('mixed-py-ts', 'auth-jwt'))).toBe('typescript');
    expect(detectDialect(branchEvidence('mixed-py-ts', 'auth-session'))).toBe('typescript');
    const main = detectBranchDialect(branchEvidence('mixed-py-ts', 'main'), { lockFile: true });
    expect(main.dialect).toBe('python');
    expect(main.mixed).toBe(true);
    const byKind = Object.fromEntries(main.perFile.map((f) => [f.kind, f]));
    // metadata.yaml: written once by Python's init, never rewritten
    expect(byKind.metadata).toMatchObject({ dialect: 'python', mixed: false });
    // log.md: Python's six steps, then TypeScript's merge header and the three copied auth-jwt steps
    expect(byKind.log).toMatchObject({ dialect: 'python', mixed: true, sequence: ['python', 'typescript'] });
    // commit.md: two Python commits, then TypeScript's merge commit
    expect(byKind.commit).toMatchObject({ dialect: 'python', mixed: true, sequence: ['python', 'typescript'] });
  });

  it('main.md: initialised and updated by Python, the merge update by TypeScript; the final Python update_roadmap leaves no timestamp', () => {
    const verdict = detectFileDialect(roadmapEvidence('mixed-py-ts'));
    expect(verdict).toMatchObject({ dialect: 'python', mixed: true, sequence: ['python', 'typescript'] });
    expect(verdict.scores.typescript).toBeGreaterThan(0);
  });
});
