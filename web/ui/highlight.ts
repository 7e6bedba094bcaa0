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
