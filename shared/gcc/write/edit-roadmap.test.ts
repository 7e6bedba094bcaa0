// Hand edits of main.md's sections, and what is refused.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from '../read/bytes.ts';
import { CORPUS } from '../test-support/corpus.ts';
import { editRoadmap, roadmapParts } from './edit-roadmap.ts';
import { parseRoadmap } from '../read/roadmap.ts';

const CASES = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir', 'mixed-py-ts', 'edge/python', 'edge/legacy-handcrafted', 'bad/truncated-log'].filter((c) =>
  existsSync(join(CORPUS, c, '.GCC/main.md')),
);

describe.each(CASES)('roadmap edit on %s', (c) => {
  const bytes = new Uint8Array(readFileSync(join(CORPUS, c, '.GCC/main.md')));
  const parts = roadmapParts(bytes);

  it('locates every part’s text exactly', () => {
    const parsed = parseRoadmap(bytes);
    expect(parts.map((p) => p.text)).toEqual([parsed.body, ...parsed.updates.map((u) => u.text)]);
    for (const p of parts) expect(p.textRange).not.toBeNull();
  });

  it.each(parts.map((p) => p.index))('part %i: only its text changes', (index) => {
    const target = parts[index]!;
    // A headerless appended block is recognised by its leading heading: it has to keep one.
    const text = `${target.kind === 'appended' ? '## Status\n' : ''}Edited by hand — part ${index}\n\nwith a second paragraph`;
    const r = editRoadmap(bytes, { index, version: target.version, text });
    if (!r.ok) throw new Error(r.message);
    const after = roadmapParts(r.bytes);
    expect(after.map((p) => p.text)).toEqual(parts.map((p, i) => (i === index ? text : p.text)));
    const { start, end } = target.textRange!;
    expect(Buffer.from(r.bytes.subarray(0, start)).equals(Buffer.from(bytes.subarray(0, start)))).toBe(true);
    expect(Buffer.from(r.bytes.subarray(start + encodeUtf8(text).length)).equals(Buffer.from(bytes.subarray(end)))).toBe(true);
  });
});

describe('roadmap refusals', () => {
  const bytes = new Uint8Array(readFileSync(join(CORPUS, 'python/.GCC/main.md')));
  const parts = roadmapParts(bytes);
  it('refuses text that would add a section, and a stale version', () => {
    expect(editRoadmap(bytes, { index: 0, version: parts[0]!.version, text: 'plan\n\n## Update (2026-01-01T00:00:00Z)\nfake' })).toMatchObject({ ok: false, code: 'unrepresentable' });
    expect(editRoadmap(bytes, { index: 1, version: parts[0]!.version, text: 'x' })).toMatchObject({ ok: false, code: 'conflict' });
  });
  it('an append after the part is no conflict', () => {
    const appended = new Uint8Array([...bytes, ...encodeUtf8('\n## Update (2026-12-02T14:00:00.000000+00:00)\nnew from the agent\n')]);
    const r = editRoadmap(appended, { index: 1, version: parts[1]!.version, text: 'fixed' });
    if (!r.ok) throw new Error(r.message);
    expect(roadmapParts(r.bytes).map((p) => p.text).slice(1)).toEqual(['fixed', ...parts.slice(2).map((p) => p.text), 'new from the agent']);
  });
});
