// A step header's time read from its bytes by log-index.ts: the key timestampKey gives, whether it is a real instant
// (time travel's recordKey), and its shape (timestamp-shapes.ts), without a string or a regex a step.
import { shapeCode } from './timestamp-shapes.ts';

/**
 * timestampKey on a valid timestamp's bytes (Date.UTC's rules, its years 0-99 included), the month's start cached; and
 * whether it names a real instant (time-key.ts isoKey: fields in range, no date rolled over), as time travel reads it.
 */
export class TimeKeys {
  private month = -1;
  private monthMs = 0;
  private monthDays = 0;
  readonly key: [number, number] = [0, 0];
  real = false;
  /** timestamp.ts's shape of the timestamp (its fraction's width and zone), as a code (shapeCode). */
  shape = 0;

  of(b: Uint8Array, s: number): readonly [number, number] {
    const year = two(b, s) * 100 + two(b, s + 2);
    const mon = two(b, s + 5);
    const ym = year * 100 + mon;
    if (ym !== this.month) {
      this.month = ym;
      this.monthMs = Date.UTC(year, mon - 1, 1);
      // Days in the month as Date.UTC counts them (years 0-99 are 1900-1999 to it).
      this.monthDays = mon >= 1 && mon <= 12 ? new Date(Date.UTC(year, mon, 0)).getUTCDate() : 0;
    }
    const day = two(b, s + 8);
    const hour = two(b, s + 11);
    const minute = two(b, s + 14);
    const second = two(b, s + 17);
    let secs = this.monthMs / 1000 + (day - 1) * 86400 + hour * 3600 + minute * 60 + second;
    // 23:59:60 rolls over into the next day, which isoKey refuses like any rolled-over date.
    this.real = day >= 1 && day <= this.monthDays && hour <= 23 && minute <= 59 && second <= 60 && hour * 3600 + minute * 60 + second < 86400;
    let i = s + 19;
    let ns = 0;
    let width = 0;
    if (b[i] === 0x2e) {
      for (i++; b[i]! >= 48 && b[i]! <= 57; i++) if (width++ < 9) ns = ns * 10 + (b[i]! - 48);
      for (let d = width; d < 9; d++) ns *= 10;
    }
    if (b[i] !== 0x5a) {
      const oh = two(b, i + 1);
      const om = two(b, i + 4);
      secs -= (b[i] === 0x2d ? -1 : 1) * (oh * 3600 + om * 60);
      if (oh > 23 || om > 59) this.real = false;
      this.shape = shapeCode(width, b[i] === 0x2b && oh === 0 && om === 0 ? '+00:00' : 'other');
    } else this.shape = shapeCode(width, 'Z');
    this.key[0] = secs;
    this.key[1] = ns;
    return this.key;
  }
}

/** The two-digit number at bytes[at]. */
const two = (b: Uint8Array, at: number): number => (b[at]! - 48) * 10 + (b[at + 1]! - 48);
