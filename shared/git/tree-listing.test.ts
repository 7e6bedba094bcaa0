// ls-tree's NUL-separated records, and the names git can hold that no folder on disk can.
import { describe, expect, it } from 'vitest';
import { parseTreeObject, treePathProblem } from './tree-listing.ts';

const enc = (s: string) => new TextEncoder().encode(s);

const raw = (n: number) => new Uint8Array(20).fill(n);
const record = (mode: string, name: Uint8Array, n: number) => [...enc(`${mode} `), ...name, 0, ...raw(n)];

describe('parseTreeObject', () => {
  it('reads mode, kind, name and id of each entry', () => {
    const bytes = new Uint8Array([...record('100644', enc('main.md'), 1), ...record('40000', enc('branches'), 2), ...record('120000', enc('l'), 3), ...record('160000', enc('sub'), 4)]);
    expect(parseTreeObject(bytes, 20).map((e) => [e.kind, new TextDecoder().decode(e.name), e.oid.slice(0, 4)])).toEqual([
      ['file', 'main.md', '0101'],
      ['folder', 'branches', '0202'],
      ['link', 'l', '0303'],
      ['gitlink', 'sub', '0404'],
    ]);
  });

  it('keeps a name that is not UTF-8 as its bytes, and stops at a record cut short', () => {
    const name = new Uint8Array([0x61, 0xff]);
    const bytes = new Uint8Array([...record('100644', name, 9), ...record('100644', enc('cut'), 9).slice(0, 12)]);
    const out = parseTreeObject(bytes, 20);
    expect(out).toHaveLength(1);
    expect([...out[0]!.name]).toEqual([0x61, 0xff]);
  });
});

describe('treePathProblem', () => {
  it.each([
    ['branches/main/log.md', null],
    ['branches/../x', 'has a ".." part'],
    ['.', 'has a "." part'],
    ['a//b', 'has an empty part'],
    ['a\\b', 'contains a backslash'],
    ['a\u0001b', 'contains a control character'],
    ['...', null],
  ])('%j → %s', (path, problem) => expect(treePathProblem(enc(path))).toBe(problem));
});
