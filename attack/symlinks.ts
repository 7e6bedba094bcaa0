// Symbolic links above and inside branch folders, on every route that reads or writes through them: every request that
// crosses a link is refused, and nothing outside .GCC/ is read or changed.
import { lstatSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommits } from '../shared/gcc/read/commits.ts';
import { parseLog } from '../shared/gcc/read/log.ts';
import { parseMetadata } from '../shared/gcc/read/metadata.ts';
import { roadmapParts } from '../shared/gcc/write/edit-roadmap.ts';
import { commitVersion, metadataVersion, stepVersion } from '../shared/gcc/write/edit-version.ts';
import { changedFiles, startAttackStudio, type RawRequest } from './studio.ts';
import type { AttackPart } from './types.ts';

const SECRET = 'OUTSIDE-SECRET';

/** Marks the outside copy's records, so an answer that carries them is seen. */
function markOutside(outside: string): void {
  const mark = (rel: string, from: string, to: string) => {
    const path = join(outside, '.GCC', rel);
    writeFileSync(path, readFileSync(path, 'utf8').replace(from, to));
  };
  mark('main.md', 'Build a REST API', `${SECRET} API`);
  for (const file of ['commit.md', 'metadata.yaml']) mark(`branches/main/${file}`, 'Primary reasoning trajectory', `${SECRET} trajectory`);
  mark('branches/main/log.md', '**Thought:** ', `**Thought:** ${SECRET} `);
}

const json = (method: string, body: unknown): RawRequest => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const MAIN = ['branches/main/log.md', 'branches/main/commit.md', 'branches/main/metadata.yaml'];
const SESSION = ['branches/auth-session/log.md', 'branches/auth-session/commit.md', 'branches/auth-session/metadata.yaml'];

/** Requests that read or write main's files or main.md, with what each touches; versions are stale on purpose (a 409 carries records). */
const ATTEMPTS: { path: string; init: RawRequest; touches: string[]; writes: boolean }[] = [
  { path: '/api/roadmap', init: {}, touches: ['main.md'], writes: false },
  { path: '/api/roadmap/parts/0', init: json('PUT', { version: 'v0', text: 'pwned' }), touches: ['main.md'], writes: true },
  { path: '/api/branches/main/commits/0', init: json('PATCH', { commitId: 'c4a0a7ed', version: 'v0', fields: { thisCommitContribution: 'pwned' } }), touches: ['branches/main/commit.md'], writes: true },
  { path: '/api/branches/main/steps/0', init: json('PATCH', { step: 1, version: 'v0', fields: { thought: 'pwned' } }), touches: ['branches/main/log.md'], writes: true },
  { path: '/api/branches/main/metadata', init: json('PATCH', { version: 'v0', fields: { purpose: 'pwned' } }), touches: ['branches/main/metadata.yaml'], writes: true },
  { path: '/api/merge/preview?branch=auth-session&target=main', init: {}, touches: [...MAIN, ...SESSION, 'main.md'], writes: false },
  { path: '/api/merge', init: json('POST', { branch: 'auth-session', target: 'main' }), touches: [...MAIN, ...SESSION, 'main.md'], writes: true },
  { path: '/api/merge', init: json('POST', { branch: 'main', target: 'auth-session' }), touches: [...MAIN, ...SESSION, 'main.md'], writes: true },
];

interface Layout {
  name: string;
  /** Relative to .GCC/: what is made a link. */
  link: string;
  target(outside: string): string;
}

const LAYOUTS: Layout[] = [
  { name: 'branches/ is a link', link: 'branches', target: (o) => join(o, '.GCC/branches') },
  { name: 'a branch folder is a link', link: 'branches/main', target: (o) => join(o, '.GCC/branches/main') },
  { name: 'main.md is a link', link: 'main.md', target: (o) => join(o, '.GCC/main.md') },
  { name: 'log.md is a link', link: 'branches/main/log.md', target: (o) => join(o, '.GCC/branches/main/log.md') },
  { name: 'commit.md is a link', link: 'branches/main/commit.md', target: (o) => join(o, '.GCC/branches/main/commit.md') },
  { name: 'metadata.yaml is a link', link: 'branches/main/metadata.yaml', target: (o) => join(o, '.GCC/branches/main/metadata.yaml') },
  { name: '.lock is a link', link: '.lock', target: (o) => join(o, 'lock-made-through-a-link') },
];

/**
 * The edit of the linked file sent with the version of the record the link points to, as a page that was shown
 * the outside file would send it: without the fix, this save replaced the link with a copy of the outside file.
 */
function currentVersionEdit(layout: Layout, outside: string): { path: string; init: RawRequest } | null {
  const bytes = (rel: string) => new Uint8Array(readFileSync(join(outside, '.GCC', rel)));
  switch (layout.link) {
    case 'main.md':
      return { path: '/api/roadmap/parts/0', init: json('PUT', { version: roadmapParts(bytes('main.md'))[0]!.version, text: 'pwned' }) };
    case 'branches/main/commit.md': {
      const c = parseCommits(bytes(layout.link), { file: layout.link, branch: 'main' }).commits[0]!;
      return { path: '/api/branches/main/commits/0', init: json('PATCH', { commitId: c.commitId, version: commitVersion(c), fields: { thisCommitContribution: 'pwned' } }) };
    }
    case 'branches/main/log.md': {
      const st = parseLog(bytes(layout.link), { file: layout.link }).steps[0]!;
      return { path: '/api/branches/main/steps/0', init: json('PATCH', { step: st.step, version: stepVersion(st), fields: { thought: 'pwned' } }) };
    }
    case 'branches/main/metadata.yaml': {
      const m = parseMetadata(bytes(layout.link), layout.link).metadata!;
      return { path: '/api/branches/main/metadata', init: json('PATCH', { version: metadataVersion(m), fields: { purpose: 'pwned' } }) };
    }
    default:
      return null;
  }
}

/** Whether the link lies on the way of what the attempt reads or writes (every write takes .lock). */
const affected = (layout: Layout, attempt: (typeof ATTEMPTS)[number]): boolean =>
  (layout.link === '.lock' && attempt.writes) || attempt.touches.some((t) => t === layout.link || t.startsWith(`${layout.link}/`));

async function tryLayout(layout: Layout, failures: string[]): Promise<number> {
  // The workspace read, each attempt, and the two checks after them (outside unchanged, the link still a link).
  let tried = 3;
  const studio = await startAttackStudio('python', {
    prepare: ({ gccDir, outside }) => {
      markOutside(outside);
      const at = join(gccDir, layout.link);
      rmSync(at, { recursive: true, force: true });
      symlinkSync(layout.target(outside), at);
    },
  });
  try {
    const outsideBefore = [...studio.snapshot()].filter(([f]) => f.startsWith('outside'));
    if ((await studio.request('/api/workspace')).text.includes(SECRET)) failures.push(`${layout.name}: /api/workspace shows the outside records`);
    const direct = currentVersionEdit(layout, join(studio.root, 'outside'));
    const attempts = [...ATTEMPTS.filter((a) => affected(layout, a)), ...(direct ? [{ ...direct, touches: [layout.link], writes: true }] : [])];
    for (const attempt of attempts) {
      tried++;
      const res = await studio.request(attempt.path, attempt.init);
      const where = `${layout.name}: ${attempt.init.method ?? 'GET'} ${attempt.path} ${attempt.init.body ?? ''}`;
      if (res.status >= 500) failures.push(`${where} answered ${res.status}: ${res.text.slice(0, 160)}`);
      else if (res.status < 400 && (attempt.writes || attempt.path === '/api/roadmap')) failures.push(`${where} was not refused (${res.status})`);
      if (res.text.includes(SECRET)) failures.push(`${where} answered with the outside records`);
    }
    const changed = changedFiles(new Map(outsideBefore), new Map([...studio.snapshot()].filter(([f]) => f.startsWith('outside'))));
    if (changed.length) failures.push(`${layout.name}: files outside .GCC/ changed: ${changed.join(', ')}`);
    if (!lstatSync(join(studio.project, '.GCC', layout.link)).isSymbolicLink()) failures.push(`${layout.name}: the link was replaced`);
  } finally {
    await studio.stop();
  }
  return tried;
}

/** The edit history folder beside .GCC/ as a link: a saved edit must not append to the file it points to. */
async function tryHistoryLink(failures: string[]): Promise<number> {
  const studio = await startAttackStudio('python', {
    prepare: ({ project, outside }) => {
      renameSync(join(outside, '.GCC'), join(outside, 'history'));
      symlinkSync(join(outside, 'history'), join(project, '.gcc-studio'));
    },
  });
  try {
    const before = studio.snapshot();
    const branch = JSON.parse((await studio.request('/api/branches/main')).text) as { commits: { commitId: string; version: string }[] };
    const c = branch.commits[0]!;
    const res = await studio.request('/api/branches/main/commits/0', json('PATCH', { commitId: c.commitId, version: c.version, fields: { thisCommitContribution: 'through a linked history' } }));
    if (res.status < 400 || res.text.includes('internal error')) failures.push(`a linked .gcc-studio/: the edit answered ${res.status}: ${res.text.slice(0, 160)}`);
    const changed = changedFiles(before, studio.snapshot());
    if (changed.length) failures.push(`a linked .gcc-studio/: files changed: ${changed.join(', ')}`);
  } finally {
    await studio.stop();
  }
  return 2;
}

/**
 * Each layout links one part of .GCC/ (branches/, a branch folder, main.md, log.md, commit.md, metadata.yaml, .lock,
 * the history folder) to a copy outside whose records carry a marker. Every request whose way crosses the link must be
 * refused (4xx, never 5xx), no answer may carry the outside records, nothing outside may change (no lock file made
 * there either), and every link must still be a link afterwards.
 */
export const symlinkPart: AttackPart = {
  kind: 'attack',
  name: 'symbolic links above and inside branch folders (read, edit, merge)',
  async run() {
    const failures: string[] = [];
    let tried = 0;
    for (const layout of LAYOUTS) tried += await tryLayout(layout, failures);
    tried += await tryHistoryLink(failures);
    return { tried, failures };
  },
};
