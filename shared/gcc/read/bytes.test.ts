// Decoding bytes as the readers do, invalid stretches reported, and offsets back to bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteCursor, LineCounter, countNewlines, decodeUtf8, encodeUtf8, lineAtByte, utf8Length } from './bytes.ts';

describe('decodeUtf8', () => {
  it('decodes like TextDecoder and reports each invalid stretch', () => {
    const bytes = new Uint8Array([0x61, 0xe9, 0x20, 0xff, 0x0a, 0xe2, 0x80, 0x94, 0x80, 0x94, 0xe2]);
    const d = decodeUtf8(bytes);
    expect(d.text).toBe(new TextDecoder().decode(bytes));
    expect(d.invalid).toEqual([
      { offset: 1, length: 1 },
      { offset: 3, length: 1 },
      { offset: 8, length: 1 },
      { offset: 9, length: 1 },
      { offset: 10, length: 1 },
    ]);
  });

  it('counts a truncated sequence as one stretch (its maximal subpart)', () => {
    const d = decodeUtf8(new Uint8Array([0x41, 0xe2, 0x80]));
    expect(d.invalid).toEqual([{ offset: 1, length: 2 }]);
    expect(d.text).toBe('A\uFFFD');
  });

  it('maps string indices back to byte offsets, bad bytes and real U+FFFD included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 20 }), (junk, s) => {
        const bytes = new Uint8Array([...encodeUtf8(s + '\uFFFD'), ...junk, ...encodeUtf8('\n' + s)]);
        const d = decodeUtf8(bytes);
        expect(d.text).toBe(new TextDecoder().decode(bytes));
        const cursor = new ByteCursor(d, 100);
        // Walk every code point boundary: the byte offset must re-decode to the same prefix.
        let i = 0;
        for (const ch of d.text) {
          const b = cursor.byteAt(i) - 100;
          expect(new TextDecoder().decode(bytes.subarray(0, b))).toBe(d.text.slice(0, i));
          i += ch.length;
        }
        expect(cursor.byteAt(d.text.length)).toBe(100 + bytes.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('line helpers', () => {
  it('LineCounter counts forward and backward from a base line', () => {
    const text = 'a\nb\nc\n\nd';
    const lc = new LineCounter(text, 10);
    expect(lc.lineAt(text.indexOf('d'))).toBe(14);
    expect(lc.lineAt(text.indexOf('b'))).toBe(11);
    expect(lc.lineAt(0)).toBe(10);
  });

  it('lineAtByte and utf8Length agree with the encoder', () => {
    const s = 'x — ✓\n😀\nend';
    const b = encodeUtf8(s);
    expect(utf8Length(s)).toBe(b.length);
    expect(lineAtByte(b, b.length - 1)).toBe(3);
  });

  it('countNewlines counts 0x0A bytes in any range of any (unaligned) view', () => {
    // Bytes near 0x0A (0x0B, 0x8A, 0x0A | 0x80) are the ones a wrong word trick would miscount.
    const byte = fc.constantFrom(0x0a, 0x0b, 0x09, 0x8a, 0x00, 0xff, 0x7f, 0x80, 0x2d);
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 80 }), fc.nat(3), fc.nat(80), fc.nat(80), (arr, shift, a, b) => {
        const backing = new Uint8Array(arr.length + shift);
        backing.set(arr, shift);
        const view = backing.subarray(shift);
        const from = Math.min(a, b, view.length);
        const to = Math.min(Math.max(a, b), view.length);
        let naive = 0;
        for (let i = from; i < to; i++) if (view[i] === 0x0a) naive++;
        expect(countNewlines(view, from, to)).toBe(naive);
      }),
      { numRuns: 2000 },
    );
  });
});
