// Case-insensitive match splitting for the search highlight. Pure, so the page and its tests agree.

export interface Segment {
  text: string;
  match: boolean;
}

/** Split `text` into runs that match `query` (case-insensitive, literal) and runs that do not. */
export function splitHighlight(text: string, query: string): Segment[] {
  const q = query.trim();
  if (!q || !text) return text ? [{ text, match: false }] : [];
  const hay = text.toLowerCase();
  const needle = q.toLowerCase();
  // Lower-casing can change lengths (e.g. `İ`); then positions would drift, so fall back to no highlight.
  if (hay.length !== text.length) return [{ text, match: false }];
  const out: Segment[] = [];
  let at = 0;
  for (let hit = hay.indexOf(needle); hit !== -1; hit = hay.indexOf(needle, hit + needle.length)) {
    if (hit > at) out.push({ text: text.slice(at, hit), match: false });
    out.push({ text: text.slice(hit, hit + needle.length), match: true });
    at = hit + needle.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}

export function containsText(text: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q !== '' && text.toLowerCase().includes(q);
}

/** A one-line excerpt around the first match, with ellipses where it was cut. */
export function snippetAround(text: string, query: string, radius = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const q = query.trim().toLowerCase();
  const hit = q ? flat.toLowerCase().indexOf(q) : -1;
  if (hit === -1) return flat.length > radius * 2 ? flat.slice(0, radius * 2) + '…' : flat;
  const start = Math.max(0, hit - radius);
  const end = Math.min(flat.length, hit + q.length + radius);
  return (start > 0 ? '…' : '') + flat.slice(start, end) + (end < flat.length ? '…' : '');
}
