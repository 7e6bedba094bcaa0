// timestampKey (time-key.ts) for a timestamp already in a string, read from its char codes with the month's start
// cached: the store works out each branch's newest time from every commit's timestamp, and a regex a commit was most
// of that. The same key for every string: anything but the usual shapes is given to timestampKey itself.
import { timestampKey } from './time-key.ts';

/** timestampKey's shape with a fraction of at most 9 digits (a longer one is read by timestampKey). */
const USUAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)$/;

/** Reads timestamps into `key0` (seconds) and `key1` (nanoseconds); one instance serves many (its month is cached). */
export class TextTimeKeys {
  key0 = 0;
  key1 = 0;
  private month = -1;
  private monthSecs = 0;

  /** Whether `ts` has a key (timestampKey's, which is then in key0 and key1). */
  read(ts: string): boolean {
    // The shape checked natively (one regex, no capture: a capture a field was most of timestampKey's cost).
    if (!USUAL.test(ts)) return this.slow(ts);
    const n = ts.length;
    let ns = 0;
    let i = 19;
    if (ts.charCodeAt(19) === 0x2e) {
      for (i = 20; i < n && i < 29; i++) {
        const c = ts.charCodeAt(i);
        if (c < 0x30 || c > 0x39) break;
        ns = ns * 10 + (c - 0x30);
      }
      for (let d = i - 20; d < 9; d++) ns *= 10;
    }
    // Digits as char codes less '0' (0x30) once per number, no call a digit: the first reads run unoptimised.
    let offset = 0;
    if (ts.charCodeAt(n - 1) !== 0x5a) {
      const oh = ts.charCodeAt(n - 5) * 10 + ts.charCodeAt(n - 4) - 528;
      const om = ts.charCodeAt(n - 2) * 10 + ts.charCodeAt(n - 1) - 528;
      offset = (ts.charCodeAt(n - 6) === 0x2d ? -1 : 1) * (oh * 3600 + om * 60);
    }
    const year = ts.charCodeAt(0) * 1000 + ts.charCodeAt(1) * 100 + ts.charCodeAt(2) * 10 + ts.charCodeAt(3) - 53328;
    const mon = ts.charCodeAt(5) * 10 + ts.charCodeAt(6) - 528;
    const ym = year * 100 + mon;
    // Date.UTC's rules, its years 0-99 and a month or day past its end included: the month's start, then linear.
    if (ym !== this.month) {
      this.month = ym;
      this.monthSecs = Date.UTC(year, mon - 1, 1) / 1000;
    }
    const day = ts.charCodeAt(8) * 10 + ts.charCodeAt(9) - 528;
    const hour = ts.charCodeAt(11) * 10 + ts.charCodeAt(12) - 528;
    const minute = ts.charCodeAt(14) * 10 + ts.charCodeAt(15) - 528;
    const second = ts.charCodeAt(17) * 10 + ts.charCodeAt(18) - 528;
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
