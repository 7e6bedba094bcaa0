// Finding a fleet's workspaces: which folders the walk enters, and the names it gives.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverWorkspaces } from './discovery.ts';
import { entryDecision, rootLabels, workspaceId, wsIdProblem } from './discovery-rules.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(paths: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'gcc-fleet-disc-'));
  dirs.push(root);
  for (const p of paths) mkdirSync(join(root, p, '.GCC', 'branches'), { recursive: true });
  return root;
}

const ids = async (roots: string[], maxDepth = 4) => (await discoverWorkspaces({ roots, maxDepth })).workspaces.map((w) => w.id);
const dir = (name: string) => ({ name, isDirectory: true, isSymbolicLink: false });

describe('entryDecision', () => {
  const none = () => false;
  it('takes a .GCC/ as a workspace, never descends into it, node_modules or .git', () => {
    expect(entryDecision(dir('.GCC'), 'a', 1, 4, none)).toBe('workspace');
    for (const n of ['node_modules', '.git', '.gcc-studio']) expect(entryDecision(dir(n), '', 0, 4, none)).toBe('skip');
    expect(entryDecision(dir('src'), '', 0, 4, none)).toBe('descend');
  });
  it('stops at the depth and at ignored folders; never follows a link or enters a file', () => {
    expect(entryDecision(dir('deep'), 'a/b/c/d', 4, 4, none)).toBe('skip');
    expect(entryDecision(dir('.GCC'), 'a/b/c/d', 4, 4, none)).toBe('workspace');
    expect(entryDecision(dir('out'), 'x', 1, 4, (rel) => rel === 'x/out')).toBe('skip');
    expect(entryDecision({ name: 'l', isDirectory: false, isSymbolicLink: true }, '', 0, 4, none)).toBe('skip');
    expect(entryDecision({ name: '.GCC', isDirectory: false, isSymbolicLink: true }, '', 0, 4, none)).toBe('skip');
    expect(entryDecision({ name: 'f', isDirectory: false, isSymbolicLink: false }, '', 0, 4, none)).toBe('skip');
  });
  it('names workspaces by their path under the root, one label per root', () => {
    expect(workspaceId(null, '')).toBe('.');
    expect(workspaceId(null, 'a/b')).toBe('a/b');
    expect(workspaceId('r', 'a')).toBe('r/a');
    expect(rootLabels(['/x/proj', '/y/proj', '/z/other/'])).toEqual(['proj', 'proj~2', 'other']);
    expect(wsIdProblem('a/b')).toBeNull();
    expect(wsIdProblem('')).not.toBeNull();
    expect(wsIdProblem('a\0b')).not.toBeNull();
  });
});

describe('discoverWorkspaces', () => {
  it('finds every .GCC/ down to the depth, and not below', async () => {
    const root = tree(['a', 'b/c', 'x/y/z/w', 'x/y/z/w/v']);
    expect(await ids([root])).toEqual(['a', 'b/c', 'x/y/z/w']);
    expect(await ids([root], 2)).toEqual(['a', 'b/c']);
    expect(await ids([root], 5)).toEqual(['a', 'b/c', 'x/y/z/w', 'x/y/z/w/v']);
  });

  it('skips node_modules, .git and what the root .gitignore ignores', async () => {
    const root = tree(['ok', 'node_modules/pkg', '.git/x', 'build/agent', 'keep/tmp', 'logs/tmp']);
    writeFileSync(join(root, '.gitignore'), 'build/\n/logs\n');
    expect(await ids([root])).toEqual(['keep/tmp', 'ok']);
  });

  it('serves a .GCC/ inside a .GCC/ only as part of the outer one', async () => {
    const root = tree(['p']);
    mkdirSync(join(root, 'p', '.GCC', 'branches', 'main', '.GCC'), { recursive: true });
    mkdirSync(join(root, 'p', '.GCC', '.GCC'), { recursive: true });
    expect(await ids([root])).toEqual(['p']);
  });

  it('terminates on symbolic-link loops and never follows a link', async () => {
    const root = tree(['a/b']);
    symlinkSync(root, join(root, 'a', 'loop'));
    symlinkSync(join(root, 'a'), join(root, 'a', 'b', 'up'));
    const outside = tree(['elsewhere']);
    symlinkSync(join(outside, 'elsewhere'), join(root, 'linked'));
    expect(await ids([root], 50)).toEqual(['a/b']);
  });

  it('takes several roots, prefixed by their names, and a root that is itself a workspace', async () => {
    const one = tree(['', 'sub']);
    const two = tree(['w']);
    const found = await ids([one, two]);
    expect(found).toHaveLength(3);
    expect(found.filter((id) => id.endsWith('/w'))).toHaveLength(1);
    expect(found.filter((id) => id.endsWith('/sub'))).toHaveLength(1);
  });
});
