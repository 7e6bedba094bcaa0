// The word-at-a-time token compare of the step scan against the byte loop it replaces, at every offset and near the end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascii, CLASS, lookMask, startsWithBytes, startsWithToken, swapBytes, token, viewOf, wordAt, wordLE } from './step-bytes.ts';

const TOKENS = ['### Step ', '**Observation:**', '**Thought:**', '**Action:**', '\n## Merged from ', '---\n'];

describe('startsWithToken', () => {
  it('answers as startsWithBytes, at any offset of any bytes (a token or a near miss inside)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TOKENS),
        fc.uint8Array({ maxLength: 40 }),
        fc.uint8Array({ maxLength: 40 }),
        fc.nat(20),
        fc.integer({ min: -1, max: 15 }),
        fc.nat(255),
        (t, before, after, cut, flip, byte) => {
          const tok = ascii(t);
          // The token, whole, cut short, or with one byte changed, between random bytes; viewed from an odd offset too.
          const middle = tok.slice(0, Math.max(0, tok.length - cut));
          if (flip >= 0 && flip < middle.length) middle[flip] = byte;
          const all = new Uint8Array([7, ...before, ...middle, ...after]);
          const bytes = all.subarray(1);
          const view = viewOf(bytes);
          const compiled = token(t);
          for (let at = 0; at <= bytes.length; at++) expect(startsWithToken(view, at, compiled)).toBe(startsWithBytes(bytes, at, tok));
        },
      ),
    );
  });

  it('refuses tokens it cannot compare a word at a time', () => {
    expect(() => token('abc')).toThrow(RangeError);
    expect(() => token('x'.repeat(17))).toThrow(RangeError);
    expect(() => token('naïve')).toThrow(RangeError);
  });
});

describe('wordAt', () => {
  it('reads four bytes little-endian, and past the end a word no four ASCII bytes make', () => {
    const bytes = ascii('x---\n');
    const view = viewOf(bytes.subarray(1));
    expect(wordAt(view, 0)).toBe(0x0a2d2d2d);
    expect(wordAt(view, 1)).toBe(-0x80000000);
  });
});

describe('wordLE', () => {
  it('puts the first byte of a word lowest on this machine, and swapBytes (the big-endian case) reverses the four', () => {
    const bytes = Uint8Array.of(0x01, 0x02, 0x03, 0xf4);
    expect(wordLE(new Int32Array(bytes.buffer)[0]!)).toBe(0xf4030201 | 0);
    expect(swapBytes(0x010203f4)).toBe(0xf4030201 | 0);
    expect(swapBytes(swapBytes(0x80ff7f01 | 0))).toBe(0x80ff7f01 | 0);
  });
});

describe('lookMask', () => {
  it('flags every byte that needs a look (CLASS not 0) at each place of a word, whatever the other bytes', () => {
    const rng = (() => {
      let x = 12345;
      return () => (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    })();
    const bytes = new Uint8Array(4);
    const words = new Int32Array(bytes.buffer);
    for (let b = 0; b < 256; b++) {
      for (let at = 0; at < 4; at++) {
        for (let trial = 0; trial < 64; trial++) {
          for (let k = 0; k < 4; k++) bytes[k] = trial === 0 ? 0x61 : rng();
          bytes[at] = b;
          const mask = lookMask(wordLE(words[0]!));
          for (let k = 0; k < 4; k++) if (CLASS[bytes[k]!] !== 0) expect(mask & (0x80 << (8 * k)), `byte ${bytes[k]} at ${k} of ${Array.from(bytes)}`).not.toBe(0);
        }
      }
    }
  });

  it('flags no printable ASCII byte but `*` and `#` in a word of such bytes', () => {
    for (let b = 0x20; b < 0x80; b++) {
      const bytes = Uint8Array.of(0x61, b, 0x62, 0x63);
      const mask = lookMask(wordLE(new Int32Array(bytes.buffer)[0]!));
      expect(mask !== 0, `byte ${b}`).toBe(b === 0x2a || b === 0x23);
    }
  });
});
