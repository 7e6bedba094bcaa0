import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { splitRoadmap } from './roadmap.ts';

describe('splitRoadmap', () => {
  it('splits the python fixture into body, two updates and a trailing section', () => {
    const text = readFileSync(new URL('../../../fixtures/corpus/python/.GCC/main.md', import.meta.url), 'utf8');
    const s = splitRoadmap(text);
    expect(s.map((x) => x.timestamp)).toEqual([null, '2026-12-02T13:58:11.302650+00:00', '2026-12-02T13:58:19.016190+00:00', null]);
    expect(s[0]!.body.startsWith('# Project Roadmap')).toBe(true);
    expect(s[1]!.body).toBe('CRUD done. Next: pick an auth strategy (JWT vs server sessions) on separate branches.');
    expect(s[3]!.body.startsWith('## Status')).toBe(true);
  });

  it('handles text without updates, and an empty file', () => {
    expect(splitRoadmap('# Project Roadmap\n\nplan\n')).toEqual([{ timestamp: null, heading: null, body: '# Project Roadmap\n\nplan' }]);
    expect(splitRoadmap('')).toEqual([]);
  });

  it('keeps an update that has no text', () => {
    expect(splitRoadmap('x\n## Update (T)\n')).toEqual([
      { timestamp: null, heading: null, body: 'x' },
      { timestamp: 'T', heading: 'Update (T)', body: '' },
    ]);
  });
});
