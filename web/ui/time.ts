// Timestamps arrive exactly as each Contexa dialect wrote them: `…Z`, `…+00:00`, with no fraction, with
// microseconds (Python, Elixir) or nanoseconds (Rust). The page needs them as sortable numbers.

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:[.,](\d+))?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Milliseconds since the epoch, or NaN when the string is not a timestamp.
 * Fractions longer than milliseconds are truncated (not rounded) so ns and µs never move a time forward
 * past a later one written with ms precision. A missing offset is read as UTC: agents' files say nothing
 * about the machine they ran on, and reading local time would shuffle the order between viewers.
 */
export function parseTimestamp(text: string | null | undefined): number {
  if (text == null) return Number.NaN;
  const s = text.trim();
  const utc = readUtc(s);
  if (utc !== undefined) return utc;
  const m = ISO.exec(s);
  if (!m) {
    const fallback = Date.parse(s);
    return Number.isNaN(fallback) ? Number.NaN : fallback;
  }
  const [, y, mo, d, h, mi, sec, frac, zone] = m;
  const ms = frac ? Number((frac + '00').slice(0, 3)) : 0;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec ?? 0), ms);
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
    t -= sign * offsetMin * 60_000;
  }
  return Number.isNaN(t) ? Number.NaN : t;
}

/** The digits of `s` from `from` to `to` (exclusive) as a number; -1 when one is not a digit. */
function digits(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * `2026-12-02T13:58:34.441Z` or `…+00:00`, with any fraction or none: the shapes nearly every writer uses, read without
 * the regex (the graph reads 33,000 of them on 5,000 branches); undefined for any other shape, which ISO reads.
 */
function readUtc(s: string): number | undefined {
  const end = s.endsWith('Z') || s.endsWith('z') ? s.length - 1 : s.endsWith('+00:00') ? s.length - 6 : -1;
  if (end < 19 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return undefined;
  const t = s.charCodeAt(10);
  if (t !== 84 && t !== 32) return undefined;
  const [y, mo, d, h, mi, sec] = [digits(s, 0, 4), digits(s, 5, 7), digits(s, 8, 10), digits(s, 11, 13), digits(s, 14, 16), digits(s, 17, 19)];
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || sec < 0) return undefined;
  let ms = 0;
  if (end > 19) {
    const dot = s.charCodeAt(19);
    if ((dot !== 46 && dot !== 44) || end === 20 || digits(s, 20, end) < 0) return undefined;
    // Milliseconds truncated, a short fraction read as tenths or hundredths, as ISO's path reads them.
    for (let i = 20; i < 23; i++) ms = ms * 10 + (i < end ? s.charCodeAt(i) - 48 : 0);
  }
  return Date.UTC(y, mo - 1, d, h, mi, sec, ms);
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * Short local rendering for cards: `13:58:04` today, else `2026-12-02 13:58:04` (seconds kept: an agent writes many
 * records a minute, and rows without them read the same). Raw string when unparseable.
 */
export function formatTimestamp(text: string, now: number = Date.now()): string {
  const t = parseTimestamp(text);
  if (Number.isNaN(t)) return text;
  const d = new Date(t);
  return new Date(now).toDateString() === d.toDateString() ? clockOf(d) : `${dayOf(d)} ${clockOf(d)}`;
}

/** An instant in full, in local time like every other time on the page (`2026-12-02 14:58:04`); raw when unparseable. */
export function formatInstant(text: string): string {
  const t = parseTimestamp(text);
  if (Number.isNaN(t)) return text;
  const d = new Date(t);
  return `${dayOf(d)} ${clockOf(d)}`;
}

/** `3 s ago`, `5 min ago` … for the "last activity" hints. */
export function formatAgo(text: string | null, now: number = Date.now()): string {
  const t = parseTimestamp(text);
  return Number.isNaN(t) ? '' : `${formatDuration(now - t)} ago`;
}

/** A length of time in its largest whole unit: `3 s`, `5 min`, `14 h`, `3 d` (hours up to two days). */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h`;
  return `${Math.round(h / 24)} d`;
}
