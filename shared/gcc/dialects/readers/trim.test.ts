// The trims must be exactly the languages' own (the regex form they replaced is the reference) on any text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pyStrip, wsTrim } from './trim.ts';

const PY = /^[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const WS = /^[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const text = fc.array(fc.oneof(fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\x1c', '\x1f', '\x85', '\xa0', '\u2028', '\u3000', '\ufeff', '\u200b', 'x', '😀'), fc.string({ maxLength: 3 })), { maxLength: 30 }).map((a) => a.join(''));

describe('pyStrip and wsTrim', () => {
  it('equal the reference regex on random text (whitespace runs, outside-the-class look-alikes, surrogates)', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(pyStrip(s)).toBe(s.replace(PY, ''));
        expect(wsTrim(s)).toBe(s.replace(WS, ''));
      }),
      { numRuns: 2000 },
    );
  });

  it('keep inner runs and differ where the languages differ (\\x1c is space to Python only)', () => {
    expect(pyStrip(`  a${' '.repeat(50_000)}b \n`)).toBe(`a${' '.repeat(50_000)}b`);
    expect(pyStrip('\x1cx\x1c')).toBe('x');
    expect(wsTrim('\x1cx\x1c')).toBe('\x1cx\x1c');
    expect(pyStrip('\ufeffx')).toBe('\ufeffx');
  });
});
