// A tiny rehype plugin: wraps search matches in <mark> inside rendered Markdown, without touching the source.
import { splitHighlight } from './highlight.ts';

// The few hast shapes we touch (kept local: the hast types are only a transitive dependency).
interface HText {
  type: 'text';
  value: string;
}
interface HElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HNode[];
}
type HNode = HText | HElement | { type: string; children?: HNode[] };
interface HParent {
  children: HNode[];
}

function hasChildren(n: HNode): n is HNode & HParent {
  return Array.isArray((n as HParent).children);
}

export function markMatches(tree: HParent, query: string): void {
  if (!query.trim()) return;
  const walk = (parent: HParent) => {
    const out: HNode[] = [];
    for (const child of parent.children) {
      if (child.type === 'text') {
        const segments = splitHighlight((child as HText).value, query);
        for (const s of segments) {
          out.push(s.match ? { type: 'element', tagName: 'mark', properties: {}, children: [{ type: 'text', value: s.text }] } : { type: 'text', value: s.text });
        }
      } else {
        if (hasChildren(child)) walk(child);
        out.push(child);
      }
    }
    parent.children = out;
  };
  walk(tree);
}

/** `rehypePlugins={[[rehypeMark, query]]}` */
export function rehypeMark(query: string) {
  return (tree: HParent) => markMatches(tree, query);
}
