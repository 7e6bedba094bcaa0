// Splitting a text around a search's matches.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitHighlight } from './highlight.ts';

describe('splitHighlight', () => {
  it('marks every case-insensitive occurrence', () => {
    expect(splitHighlight('Redis then redis', 'REDIS')).toEqual([
      { text: 'Redis', match: true },
      { text: ' then ', match: false },
      { text: 'redis', match: true },
    ]);
  });

  it('returns the text whole when the query is blank or absent', () => {
    expect(splitHighlight('abc', '  ')).toEqual([{ text: 'abc', match: false }]);
    expect(splitHighlight('abc', 'x')).toEqual([{ text: 'abc', match: false }]);
    expect(splitHighlight('', 'x')).toEqual([]);
  });

  it('does not overlap matches', () => {
    expect(splitHighlight('aaaa', 'aa').map((s) => s.match)).toEqual([true, true]);
  });

  it('always reassembles to the original text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 3 }), (text, q) => {
        expect(splitHighlight(text, q).map((s) => s.text).join('')).toBe(text);
      }),
    );
  });
});
