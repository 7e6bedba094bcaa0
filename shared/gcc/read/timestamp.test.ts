// Timestamp shapes and the writers they name.
import { CORPUS } from '../../../fixtures/corpus.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../../types.ts';
import { timestampsInText } from '../dialects/detect.ts';
import { describeTimestamp, formatTimestamp, timestampShape } from './timestamp.ts';

const LANGS = ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir'] as const;
const WRITERS: Dialect[] = [...LANGS];

describe('timestampShape', () => {
  it('names the writers of each shape from the format doc', () => {
    expect(timestampShape('2026-12-02T13:58:34.441356+00:00')).toEqual(['python', 'rust']);
    expect(timestampShape('2026-12-02T13:58:34.597Z')).toEqual(['typescript']);
    expect(timestampShape('2026-12-02T13:58:10.109735831+00:00')).toEqual(['rust']);
    expect(timestampShape('2026-12-02T13:58:08Z')).toEqual(['go', 'zig']);
    expect(timestampShape('2026-12-02T14:14:51+00:00')).toEqual(['lua', 'python', 'rust']);
    expect(timestampShape('2026-12-02T13:58:13.922593Z')).toEqual(['elixir']);
    expect(timestampShape('2026-12-02T13:58:13.12+00:00')).toEqual([]);
    expect(timestampShape('2026-12-02T13:58:13+02:00')).toEqual([]);
    expect(timestampShape('not a time')).toEqual([]);
  });

  it('ranks rare shapes after typical ones', () => {
    const description = describeTimestamp('2026-12-02T14:14:51+00:00');
    expect(description?.writers).toEqual([
      { dialect: 'lua', chance: 'typical' },
      { dialect: 'python', chance: 'rare' },
      { dialect: 'rust', chance: 'rare' },
    ]);
  });

  it.each(LANGS)('recognises every timestamp %s wrote in its corpus', (lang) => {
    for (const branch of ['main', 'auth-jwt', 'auth-session']) {
      for (const file of ['log.md', 'commit.md']) {
        const text = new TextDecoder().decode(readFileSync(join(CORPUS, lang, '.GCC/branches', branch, file)));
        const timestamps = timestampsInText(text);
        expect(timestamps.length).toBeGreaterThan(0);
        for (const ts of timestamps) {
          const description = describeTimestamp(ts);
          const typical = description?.writers.filter((w) => w.chance === 'typical').map((w) => w.dialect);
          expect(typical, `${lang}/${branch}/${file}: ${ts}`).toContain(lang);
        }
      }
    }
  });

  it("survives Elixir's corrupted step headers (bytes 0x80 0x94 after `— `)", () => {
    const bytes = readFileSync(join(CORPUS, 'elixir/.GCC/branches/main/log.md'));
    const text = new TextDecoder().decode(bytes); // U+FFFD for the stray bytes
    const corrupted = text.split('\n').filter((line) => line.startsWith('### Step') && line.includes('\uFFFD'));
    expect(corrupted.length).toBeGreaterThan(0);
    for (const line of corrupted) {
      const description = describeTimestamp(line.slice('### Step 1 — '.length));
      expect(description?.shape).toBe('microsZ');
      expect(description?.hadJunk).toBe(true);
      expect(timestampShape(line)).toEqual(['elixir']);
    }
    // Decoded as latin1 the junk is C1 controls; still found.
    const latin1 = new TextDecoder('latin1').decode(bytes);
    const header = latin1.split('\n').find((line) => /### Step \d+ .*\x80\x94/.test(line));
    expect(header).toBeDefined();
    expect(timestampShape(header ?? '')).toEqual(['elixir']);
  });
});

describe('formatTimestamp', () => {
  const date = new Date(Date.UTC(2026, 11, 2, 13, 58, 4, 407));

  it('writes each dialect as its writer would', () => {
    expect(formatTimestamp(date, 'typescript')).toBe(date.toISOString());
    expect(formatTimestamp(date, 'python', '587')).toBe('2026-12-02T13:58:04.407587+00:00');
    expect(formatTimestamp(date, 'rust', '123456')).toBe('2026-12-02T13:58:04.407123456+00:00');
    expect(formatTimestamp(date, 'elixir', '587')).toBe('2026-12-02T13:58:04.407587Z');
    expect(formatTimestamp(date, 'go')).toBe('2026-12-02T13:58:04Z');
    expect(formatTimestamp(date, 'zig')).toBe('2026-12-02T13:58:04Z');
    expect(formatTimestamp(date, 'lua')).toBe('2026-12-02T13:58:04+00:00');
  });

  it("follows the writers' rules for zero fractions", () => {
    const whole = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 0));
    expect(formatTimestamp(whole, 'python')).toBe('2026-01-01T00:00:00+00:00'); // isoformat drops µs == 0
    expect(formatTimestamp(whole, 'rust')).toBe('2026-01-01T00:00:00+00:00'); // chrono AutoSi
    expect(formatTimestamp(date, 'rust')).toBe('2026-12-02T13:58:04.407+00:00');
    expect(formatTimestamp(date, 'rust', '5')).toBe('2026-12-02T13:58:04.407500+00:00');
    expect(formatTimestamp(whole, 'elixir')).toBe('2026-01-01T00:00:00.000000Z'); // fixed precision 6
    expect(formatTimestamp(whole, 'typescript')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('produces a shape the dialect typically writes, for any instant and non-zero extra digits', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom(...WRITERS),
        fc.integer({ min: 1, max: 999 }),
        (when, dialect, extra) => {
          const ts = formatTimestamp(when, dialect, `${String(extra).padStart(3, '0')}001`);
          const typical = describeTimestamp(ts)?.writers.filter((w) => w.chance === 'typical').map((w) => w.dialect);
          expect(typical).toContain(dialect);
          // Same instant, to the second, as the Date
          expect(Date.parse(ts.replace(/\.\d+/, '')) / 1000).toBe(Math.floor(when.getTime() / 1000));
        },
      ),
    );
  });
});
