// Agent-written Markdown, sanitized: raw HTML is dropped (skipHtml); a link opens outside the page only when its
// target is an absolute web or mail address (linkTarget.ts), and is inert text otherwise. Loaded on first use
// through Markdown.tsx.
import type { ReactNode } from 'react';
import Markdown from 'react-markdown';
import { linkTarget } from './linkTarget.ts';
import { rehypeMark } from './rehypeMark.ts';

const components = {
  a: ({ href, children }: { href?: string; children?: ReactNode }) => {
    const target = linkTarget(href);
    if (target === null) {
      return (
        <span className="md-link-inert" data-testid="inert-link" title="Not a web address: shown as text, not a link">
          {children}
        </span>
      );
    }
    return (
      <a href={target} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
};

export function MarkdownRenderer({ text, highlight = '', className }: { text: string; highlight?: string; className?: string }) {
  return (
    <div className={className ? `md ${className}` : 'md'}>
      <Markdown skipHtml components={components} rehypePlugins={highlight.trim() ? [[rehypeMark, highlight]] : []}>
        {text}
      </Markdown>
    </div>
  );
}
