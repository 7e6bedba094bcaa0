// A text with a search's matches marked.
import { splitHighlight } from './highlight.ts';

/** Plain text with the search matches marked; whitespace is kept by the surrounding CSS. */
export function HighlightText({ text, query }: { text: string; query: string }) {
  if (!query.trim()) return <>{text}</>;
  return (
    <>
      {splitHighlight(text, query).map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
    </>
  );
}
