// Marking a search's matches inside rendered Markdown.
import { describe, expect, it } from 'vitest';
import { markMatches } from './rehypeMark.ts';

describe('markMatches', () => {
  it('wraps matches in nested text nodes and keeps the rest', () => {
    const tree = {
      children: [
        { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'Use Redis; ' }, { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: 'redis-cli' }] }] },
      ],
    };
    markMatches(tree, 'redis');
    const p = tree.children[0]!;
    expect(p.children.map((c) => (c.type === 'element' ? `<${(c as { tagName: string }).tagName}>` : (c as { value: string }).value))).toEqual(['Use ', '<mark>', '; ', '<code>']);
    const code = p.children[3] as unknown as { children: { type: string; tagName?: string }[] };
    expect(code.children[0]!.tagName).toBe('mark');
  });

  it('leaves the tree alone for a blank query', () => {
    const tree = { children: [{ type: 'text', value: 'x' }] };
    markMatches(tree, ' ');
    expect(tree.children).toEqual([{ type: 'text', value: 'x' }]);
  });
});
