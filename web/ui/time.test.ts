// Reading every writer's timestamp shape to the same instant.
import { describe, expect, it } from 'vitest';
import { formatAgo, formatDuration, formatInstant, formatTimestamp, parseTimestamp } from './time.ts';

describe('parseTimestamp', () => {
  it('reads every dialect shape to the same instant', () => {
    const base = Date.UTC(2026, 11, 2, 13, 58, 34, 441);
    expect(parseTimestamp('2026-12-02T13:58:34.441356+00:00')).toBe(base); // python µs
    expect(parseTimestamp('2026-12-02T13:58:34.441Z')).toBe(base); // typescript ms
    expect(parseTimestamp('2026-12-02T13:58:34.441999999+00:00')).toBe(base); // rust ns, truncated
    expect(parseTimestamp('2026-12-02T13:58:34.441356Z')).toBe(base); // elixir µs
    expect(parseTimestamp('2026-12-02T13:58:34Z')).toBe(base - 441); // go, zig
    expect(parseTimestamp('2026-12-02T13:58:34+00:00')).toBe(base - 441); // lua, python without µs
  });

  it('applies offsets', () => {
    expect(parseTimestamp('2026-12-02T15:58:34+02:00')).toBe(parseTimestamp('2026-12-02T13:58:34Z'));
    expect(parseTimestamp('2026-12-02T08:28:34-0530')).toBe(parseTimestamp('2026-12-02T13:58:34Z'));
  });

  it('keeps short fractions as tenths and hundredths', () => {
    expect(parseTimestamp('2026-12-02T13:58:34.5Z') - parseTimestamp('2026-12-02T13:58:34Z')).toBe(500);
    expect(parseTimestamp('2026-12-02T13:58:34.05Z') - parseTimestamp('2026-12-02T13:58:34Z')).toBe(50);
  });

  it('sorts mixed shapes in true order', () => {
    const shapes = [
      '2026-12-02T13:58:34.442Z',
      '2026-12-02T13:58:34.441999999+00:00',
      '2026-12-02T13:58:34+00:00',
      '2026-12-02T13:58:35Z',
    ];
    const sorted = [...shapes].sort((a, b) => parseTimestamp(a) - parseTimestamp(b));
    expect(sorted).toEqual([shapes[2], shapes[1], shapes[0], shapes[3]]);
  });

  it('reads the common UTC shapes without the regex to the same instant as with it', () => {
    expect(parseTimestamp('2026-12-02 13:58:34,5Z')).toBe(Date.UTC(2026, 11, 2, 13, 58, 34, 500));
    expect(parseTimestamp(' 2026-12-02T13:58:34.4419z ')).toBe(Date.UTC(2026, 11, 2, 13, 58, 34, 441));
    // Shapes the quick path leaves to the regex read as before.
    expect(parseTimestamp('2026-12-02T13:58:34 Z')).toBe(Date.UTC(2026, 11, 2, 13, 58, 34));
    expect(parseTimestamp('2026-12-02T13:58Z')).toBe(Date.UTC(2026, 11, 2, 13, 58));
    expect(parseTimestamp('2026-12-02T13:58:34.Z')).toBe(Date.parse('2026-12-02T13:58:34.Z'));
    expect(parseTimestamp('2026-12-02T13:58:3x.5Z')).toBeNaN();
  });

  it('returns NaN for garbage and null', () => {
    expect(parseTimestamp('not a time')).toBeNaN();
    expect(parseTimestamp('')).toBeNaN();
    expect(parseTimestamp(null)).toBeNaN();
    expect(parseTimestamp('2026-12-02T13:5\uFFFD:34Z')).toBeNaN();
  });
});

describe('formatAgo', () => {
  it('uses the largest sensible unit', () => {
    const now = Date.UTC(2026, 11, 2, 14, 0, 0);
    expect(formatAgo('2026-12-02T13:59:55Z', now)).toBe('5 s ago');
    expect(formatAgo('2026-12-02T13:50:00Z', now)).toBe('10 min ago');
    expect(formatAgo('2026-12-02T11:00:00Z', now)).toBe('3 h ago');
    expect(formatAgo('garbage', now)).toBe('');
  });
});

describe('formatDuration', () => {
  it('says a length of time in its largest whole unit, hours up to two days', () => {
    expect(formatDuration(400)).toBe('0 s');
    expect(formatDuration(59_000)).toBe('59 s');
    expect(formatDuration(61_000)).toBe('1 min');
    expect(formatDuration(14 * 3_600_000)).toBe('14 h');
    expect(formatDuration(47 * 3_600_000)).toBe('47 h');
    expect(formatDuration(3 * 86_400_000 + 5_000)).toBe('3 d');
  });
});

describe('formatTimestamp', () => {
  it('keeps the seconds on every day (rows a few seconds apart must not read the same)', () => {
    const at = Date.UTC(2026, 11, 2, 13, 58, 4);
    const d = new Date(at);
    const local = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:04`;
    expect(formatTimestamp('2026-12-02T13:58:04Z', at + 1000)).toBe(local);
    expect(formatTimestamp('2026-12-02T13:58:04Z', at + 3 * 86_400_000)).toMatch(new RegExp(`^2026-12-0\\d ${local}$`));
    expect(formatTimestamp('not a time')).toBe('not a time');
  });

  it('gives an instant in full in local time', () => {
    const d = new Date(Date.UTC(2026, 11, 2, 13, 58, 4, 607));
    expect(formatInstant('2026-12-02T13:58:04.607131Z')).toBe(
      `${d.getFullYear()}-12-0${d.getDate()} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:04`,
    );
  });
});
