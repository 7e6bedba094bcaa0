// ls-tree's NUL-separated records, and the names git can hold that no folder on disk can.
import { describe, expect, it } from 'vitest';
import { parseTreeListing, treePathProblem } from './tree-listing.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const OID = 'a'.repeat(40);

describe('parseTreeListing', () => {
  it('reads mode, kind, object, size and the path as bytes', () => {
    const out = parseTreeListing(enc(`100644 blob ${OID}      12\tmain.md\x00040000 tree ${OID}       -\tbranches\x00120000 blob ${OID}       9\tl\x00160000 commit ${OID}       -\tsub\x00`));
    expect(out.map((e) => [e.kind, e.size, new TextDecoder().decode(e.path)])).toEqual([
      ['file', 12, 'main.md'],
      ['folder', null, 'branches'],
      ['link', 9, 'l'],
      ['gitlink', null, 'sub'],
    ]);
  });

  it('keeps a tab and bytes that are not UTF-8 in a name', () => {
    const bytes = new Uint8Array([...enc(`100644 blob ${OID} 1\ta\tb`), 0xff, 0]);
    expect([...parseTreeListing(bytes)[0]!.path]).toEqual([...enc('a\tb'), 0xff]);
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
