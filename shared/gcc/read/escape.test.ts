// Escaping and unescaping `---` lines as each writer does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luaEscape, luaUnescape, serializeValue, unescapeStandard, writerEscape } from './escape.ts';

describe("the writers' escape", () => {
  it('escapes an interior `---` line but, being non-overlapping, not the second of two or a last one', () => {
    expect(writerEscape('a\n---\nb')).toBe('a\n\\---\nb');
    expect(writerEscape('a\n---\n---\nb')).toBe('a\n\\---\n---\nb');
    expect(writerEscape('a\n---')).toBe('a\n---');
    expect(writerEscape('---\na')).toBe('---\na');
  });

  it("reproduces Lua's newline corruption", () => {
    expect(luaEscape('heading underline\nTitle---\nnext line')).toBe('heading underline\n\\---\nTitle\n\\---\nnext line');
    expect(luaEscape('YAML front matter:\n---\n---\nend')).toBe('YAML front matter:\n\\---\n\n\\---\n\n\\---\nend');
    expect(luaUnescape(luaEscape('a\n\nb\r\nc'))).toBe('a\n\nb\r\nc');
  });
});

describe('serializeValue (standard)', () => {
  it('writes what the writers write when that reads back the same', () => {
    for (const v of ['plain', 'a\n---\nb', 'Title---\nnext', '  indented\n\n\ttab', '**Thought:** first line is fine', 'x\u2028y', 'CRLF\r\ninside']) {
      expect(serializeValue(v, 'standard')).toBe(writerEscape(v));
    }
  });

  it('escapes more where the writers cannot: no bare `---` line, literal `\\---` kept', () => {
    expect(serializeValue('a\n---\n---\nb', 'standard')).toBe('a\n\\---\n\\---\nb');
    expect(serializeValue('trailing\n---', 'standard')).toBe('trailing\n\\---');
    expect(serializeValue('literal:\n\\---\nend', 'standard')).toBe('literal:\n\\\\---\nend');
    expect(serializeValue('x\n\n**Thought:** y', 'standard')).toBe('x\n\n\\**Thought:** y');
  });

  const line = fc.oneof(
    fc.constantFrom('---', '\\---', '\\\\---', '', 'Title---', '**Thought:** x', '**Action:**', '\\**Action:** y', '### Step 9 — z', '\r', 'x\r', '  ', 'naïve café — ✓', '\u2028'),
    fc.string({ maxLength: 8 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
  );
  const value = fc.array(line, { maxLength: 6 }).chain((ls) => fc.constantFrom('\n', '\r\n').map((nl) => ls.join(nl)));

  it('is undone exactly by unescapeStandard, and leaves no bare `---` line', () => {
    fc.assert(
      fc.property(value, (v) => {
        const s = serializeValue(v, 'standard');
        expect(unescapeStandard(s)).toBe(v);
        expect(/\n---(\n|$)/.test(s)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
