// timestampKey (time-key.ts) for a timestamp already in a string, read from its char codes with the month's start
// cached: the store works out each branch's newest time from every commit's timestamp, and a regex a commit was most
// of that. The same key for every string: anything but the usual shapes is given to timestampKey itself.
import { timestampKey } from './time-key.ts';

const digitAt = (s: string, i: number): number => s.charCodeAt(i) - 0x30;
const isDigitAt = (s: string, i: number): boolean => {
  const c = s.charCodeAt(i);
  return c >= 0x30 && c <= 0x39;
};

/** Reads timestamps into `key0` (seconds) and `key1` (nanoseconds); one instance serves many (its month is cached). */
export class TextTimeKeys {
  key0 = 0;
  key1 = 0;
  private month = -1;
  private monthSecs = 0;

  /** Whether `ts` has a key (timestampKey's, which is then in key0 and key1). */
  read(ts: string): boolean {
    const n = ts.length;
    if (
      n < 20 ||
      ts.charCodeAt(4) !== 0x2d ||
      ts.charCodeAt(7) !== 0x2d ||
      ts.charCodeAt(10) !== 0x54 ||
      ts.charCodeAt(13) !== 0x3a ||
      ts.charCodeAt(16) !== 0x3a ||
      !isDigitAt(ts, 0) || !isDigitAt(ts, 1) || !isDigitAt(ts, 2) || !isDigitAt(ts, 3) ||
      !isDigitAt(ts, 5) || !isDigitAt(ts, 6) || !isDigitAt(ts, 8) || !isDigitAt(ts, 9) ||
      !isDigitAt(ts, 11) || !isDigitAt(ts, 12) || !isDigitAt(ts, 14) || !isDigitAt(ts, 15) ||
      !isDigitAt(ts, 17) || !isDigitAt(ts, 18)
    ) {
      return this.slow(ts);
    }
    let i = 19;
    let ns = 0;
    if (ts.charCodeAt(i) === 0x2e) {
      const f = ++i;
      for (; i < n && isDigitAt(ts, i); i++) if (i - f < 9) ns = ns * 10 + digitAt(ts, i);
      const width = i - f;
      if (width === 0) return this.slow(ts);
      for (let d = width; d < 9; d++) ns *= 10;
    }
    let offset = 0;
    const zone = ts.charCodeAt(i);
    if (zone === 0x5a) {
      if (i + 1 !== n) return this.slow(ts);
    } else {
      if ((zone !== 0x2b && zone !== 0x2d) || i + 6 !== n || !isDigitAt(ts, i + 1) || !isDigitAt(ts, i + 2) || ts.charCodeAt(i + 3) !== 0x3a || !isDigitAt(ts, i + 4) || !isDigitAt(ts, i + 5)) {
        return this.slow(ts);
      }
      offset = (zone === 0x2d ? -1 : 1) * ((digitAt(ts, i + 1) * 10 + digitAt(ts, i + 2)) * 3600 + (digitAt(ts, i + 4) * 10 + digitAt(ts, i + 5)) * 60);
    }
    const year = digitAt(ts, 0) * 1000 + digitAt(ts, 1) * 100 + digitAt(ts, 2) * 10 + digitAt(ts, 3);
    const mon = digitAt(ts, 5) * 10 + digitAt(ts, 6);
    const ym = year * 100 + mon;
    // Date.UTC's rules, its years 0-99 and a month or day past its end included: the month's start, then linear.
    if (ym !== this.month) {
      this.month = ym;
      this.monthSecs = Date.UTC(year, mon - 1, 1) / 1000;
    }
    const day = digitAt(ts, 8) * 10 + digitAt(ts, 9);
    const hour = digitAt(ts, 11) * 10 + digitAt(ts, 12);
    const minute = digitAt(ts, 14) * 10 + digitAt(ts, 15);
    const second = digitAt(ts, 17) * 10 + digitAt(ts, 18);
    this.key0 = this.monthSecs + (day - 1) * 86400 + hour * 3600 + minute * 60 + second - offset;
    this.key1 = ns;
    return true;
  }

  /** timestampKey's answer for a shape the fast read does not take. */
  private slow(ts: string): boolean {
    const key = timestampKey(ts);
    if (!key) return false;
    this.key0 = key[0];
    this.key1 = key[1];
    return true;
  }
}
