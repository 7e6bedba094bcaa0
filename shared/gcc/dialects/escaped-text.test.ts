// Invalid bytes carried through strings and back, exactly.
import { describe, expect, it } from 'vitest';
import { decodeEscaped, encodeEscaped, firstInvalidByte, showEscaped } from './escaped-text.ts';

describe('escaped text', () => {
  const cases: number[][] = [
    [0x61, 0xe9, 0x20, 0xff, 0x62],
    [0xe2, 0x80, 0x94, 0x20, 0x80, 0x94],
    [0x41, 0xe2],
    [0xed, 0xa0, 0x80],
    [0xf0, 0x9f, 0x98, 0x80, 0xc0, 0xaf],
  ];
  it.each(cases)('round-trips invalid bytes exactly (%#)', (...bytes) => {
    const input = Uint8Array.from(bytes);
    expect([...encodeEscaped(decodeEscaped(input))]).toEqual(bytes);
  });

  it('decodes valid UTF-8 as usual and finds the first invalid byte', () => {
    expect(decodeEscaped(new TextEncoder().encode('caf\u00e9 — \u{1F600}'))).toBe('caf\u00e9 — \u{1F600}');
    expect(firstInvalidByte(Uint8Array.from([0x61, 0xe2, 0x80, 0x94, 0xe9]))).toBe(4);
    expect(firstInvalidByte(new TextEncoder().encode('ok'))).toBe(-1);
  });

  it('shows escaped bytes as U+FFFD', () => {
    expect(showEscaped(decodeEscaped(Uint8Array.from([0x61, 0xe9])))).toBe('a\uFFFD');
  });
});
