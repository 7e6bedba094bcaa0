// One line of agent-written Markdown as plain text, for places too small or too many for the renderer (a graph row):
// the words as the rendered text reads them, without `**`, backticks, link targets or a heading's `#`.

/** Private-use characters (6,400 of them) hold code spans and escaped characters while the emphasis markers go. */
const HELD = 0xe000;
const MAX_HELD = 0xf8ff - HELD + 1;

/** A line longer than there are holders is returned as written (the graph passes at most 360 characters). */
export function plainInline(line: string): string {
  if (line.length > MAX_HELD) return line;
  const held: string[] = [];
  const hold = (text: string) => String.fromCharCode(HELD + held.push(text) - 1);
  let out = line
    // The text's own private-use characters are held too, so that every one left at the end is a holder.
    .replace(/[\ue000-\uf8ff]/g, hold)
    .replace(/^\s*(?:#{1,6}\s+|>\s?|[-+*]\s+)/, '')
    // Left to right, as Markdown reads it: an escaped character, or a code span (a run of backticks to the next run
    // of the same length, its text kept as written).
    .replace(/\\([!-/:-@[-`{-~])|(`+)([^`]|[^`][\s\S]*?[^`])\2(?!`)/g, (_, escaped: string | undefined, _ticks: string, code: string) =>
      hold(escaped ?? (/^ .* $/.test(code) && code.trim() ? code.slice(1, -1) : code)),
    )
    .replace(/!?\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1');
  for (const marker of [/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, /(~~)(?=\S)([\s\S]*?\S)~~/g, /(\*)(?=[^\s*])([^*]*?[^\s*])\*/g]) out = out.replace(marker, '$2');
  out = out.replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_]*?[^\s_])_(?![\p{L}\p{N}_])/gu, '$1$2');
  return out.replace(/[\ue000-\uf8ff]/g, (c) => held[c.charCodeAt(0) - HELD]!);
}
