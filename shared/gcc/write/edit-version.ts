// Record versions: a short fingerprint of what a record says, so an edit can carry "the record as I saw it" and be
// refused when it changed since.
import type { BranchMetadata, Commit, OtaStep } from '../../types.ts';

// 106 bits of two independent cyrb53 lanes over the list's JSON text: accidental collisions are out of the question;
// not a MAC. Both lanes read the text in one pass, and the text is never built: its characters are fed as
// JSON.stringify would write them (edit-version.test.ts holds the two equal, and every version to a golden value).
const SEED_2 = 0x9e3779b9;
let a1 = 0;
let a2 = 0;
let b1 = 0;
let b2 = 0;

function begin(): void {
  a1 = 0xdeadbeef ^ 0;
  a2 = 0x41c6ce57 ^ 0;
  b1 = 0xdeadbeef ^ SEED_2;
  b2 = 0x41c6ce57 ^ SEED_2;
}

function feed(ch: number): void {
  a1 = Math.imul(a1 ^ ch, 2654435761);
  a2 = Math.imul(a2 ^ ch, 1597334677);
  b1 = Math.imul(b1 ^ ch, 2654435761);
  b2 = Math.imul(b2 ^ ch, 1597334677);
}

function feedText(text: string): void {
  for (let i = 0; i < text.length; i++) feed(text.charCodeAt(i));
}

const HEX = '0123456789abcdef';

/** JSON.stringify's `\uXXXX` (lowercase hex). */
function feedUnicodeEscape(c: number): void {
  feed(0x5c);
  feed(0x75);
  for (let shift = 12; shift >= 0; shift -= 4) feed(HEX.charCodeAt((c >> shift) & 0xf));
}

/** A string as JSON.stringify writes it: quoted, `"` `\\` and controls escaped, a lone surrogate as `\uXXXX`. */
function feedString(text: string): void {
  feed(0x22);
  const n = text.length;
  let i = 0;
  while (i < n) {
    // The run of characters written as they are, mixed in locals (the lanes' state is the module's).
    let x1 = a1;
    let x2 = a2;
    let y1 = b1;
    let y2 = b2;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) break;
      x1 = Math.imul(x1 ^ c, 2654435761);
      x2 = Math.imul(x2 ^ c, 1597334677);
      y1 = Math.imul(y1 ^ c, 2654435761);
      y2 = Math.imul(y2 ^ c, 1597334677);
    }
    a1 = x1;
    a2 = x2;
    b1 = y1;
    b2 = y2;
    if (i < n) i = feedSpecial(text, i);
  }
  feed(0x22);
}

/** The character at `i` that JSON.stringify escapes or checks (a surrogate); returns the index after what it fed. */
function feedSpecial(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22 || c === 0x5c) {
    feed(0x5c);
    feed(c);
  } else if (c < 0x20) {
    const short = c === 0x08 ? 0x62 : c === 0x09 ? 0x74 : c === 0x0a ? 0x6e : c === 0x0c ? 0x66 : c === 0x0d ? 0x72 : 0;
    if (short !== 0) {
      feed(0x5c);
      feed(short);
    } else feedUnicodeEscape(c);
  } else if (c <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
    // A surrogate pair stands as it is.
    feed(c);
    feed(text.charCodeAt(i + 1));
    return i + 2;
  } else {
    feedUnicodeEscape(c);
  }
  return i + 1;
}

/** Two hex digits a byte, for the lanes' 14 digits. */
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

function lane(h1: number, h2: number): string {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  // (2^32 * (h2 & 0x1fffff) + (h1 >>> 0)).toString(16).padStart(14, '0'), a byte at a time: 21 bits above 32.
  const high = h2 & 0x1fffff;
  return (
    BYTE_HEX[high >>> 16]! + BYTE_HEX[(high >>> 8) & 0xff]! + BYTE_HEX[high & 0xff]! +
    BYTE_HEX[h1 >>> 24]! + BYTE_HEX[(h1 >>> 16) & 0xff]! + BYTE_HEX[(h1 >>> 8) & 0xff]! + BYTE_HEX[h1 & 0xff]!
  );
}

/** Version of any list of values (JSON keeps the boundaries between them unambiguous). */
// Computed from the parsed values (the server keeps records, not bytes, and the page computes the same value for
// records that arrive over the live stream). A record's position and byte range are left out on purpose: appends after
// it, or an edit of an earlier record, are no conflict.
export function versionOf(values: readonly (string | number | null)[]): string {
  begin();
  feed(0x5b);
  for (let i = 0; i < values.length; i++) {
    if (i > 0) feed(0x2c);
    const v = values[i];
    if (typeof v === 'string') feedString(v);
    // A number as JSON writes it (NaN and the infinities as null); null, and a hole or undefined, as null.
    else feedText(typeof v === 'number' ? JSON.stringify(v) : 'null');
  }
  feed(0x5d);
  return `v${lane(a1, a2)}${lane(b1, b2)}`;
}

export function commitVersion(c: Pick<Commit, 'commitId' | 'timestamp' | 'branchPurpose' | 'previousProgressSummary' | 'thisCommitContribution'>): string {
  return versionOf(['commit', c.commitId, c.timestamp, c.branchPurpose, c.previousProgressSummary, c.thisCommitContribution]);
}

export function stepVersion(s: Pick<OtaStep, 'step' | 'timestamp' | 'observation' | 'thought' | 'action' | 'mergedFrom'>): string {
  return versionOf(['step', s.step, s.timestamp, s.observation, s.thought, s.action, s.mergedFrom ?? null]);
}

export function metadataVersion(m: BranchMetadata): string {
  return versionOf(['metadata', m.name, m.purpose, m.createdFrom, m.createdAt, String(m.status), m.mergedInto, m.mergedAt]);
}

export function roadmapPartVersion(p: { kind: string; timestamp: string | null; text: string }): string {
  return versionOf(['roadmap', p.kind, p.timestamp, p.text]);
}
