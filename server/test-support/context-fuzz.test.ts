// The CONTEXT comparison against the real readers, on what must already match: the workspaces the four faithful
// writers wrote (the long damaged-workspace pass is `npm run fuzz`). And it must see a difference when there is one.
import { describe, expect, it } from 'vitest';
import type { FuzzFileKind, FuzzWorkspace } from '../../shared/gcc/test-support/fuzz-inputs.ts';
import { corpusSeedFiles } from '../../shared/gcc/test-support/fuzz-seeds.ts';
import { compareContexts, firstDifference } from './context-fuzz.ts';

function corpusWorkspace(name: string): FuzzWorkspace {
  const files = {} as Record<FuzzFileKind, Uint8Array>;
  for (const f of corpusSeedFiles()) {
    if (f.source === `${name}/.GCC/main.md` || f.source.startsWith(`${name}/.GCC/branches/main/`)) files[f.kind] = f.bytes;
  }
  return { label: name, files };
}

describe('CONTEXT against the real Python and TypeScript readers', () => {
  it('equals theirs byte for byte on the faithful writers’ workspaces, both readers, K = 1 and 2', async () => {
    const r = await compareContexts(['python', 'typescript', 'rust', 'go'].map(corpusWorkspace));
    expect(r.mismatches).toEqual([]);
    expect(r.raised).toEqual([]);
    expect(r.compared).toBe(4 * 2 * 2);
  }, 60_000);

  it('counts a reader that raises apart, and names the first line that differs', async () => {
    const ws = corpusWorkspace('python');
    const bad = { label: 'invalid UTF-8 log', files: { ...ws.files, log: new Uint8Array([...ws.files.log, 0xff, 0xfe]) } };
    const r = await compareContexts([bad]);
    // Python raises on invalid UTF-8; TypeScript reads it (U+FFFD) and is compared.
    expect(r.raised).toHaveLength(2);
    expect(r.raised.every((m) => m.includes('invalid UTF-8 log (python') && m.includes('UnicodeDecodeError'))).toBe(true);
    expect(r.compared).toBe(2);
    expect(firstDifference('a\nb\nc', 'a\nB\nc')).toBe('line 2: ours "b", theirs "B"');
    expect(firstDifference('a', 'a\nmore')).toBe('line 2: ours "(end)", theirs "more"');
  }, 60_000);
});
