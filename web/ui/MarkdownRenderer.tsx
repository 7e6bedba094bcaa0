// Agent-written Markdown, sanitized: raw HTML is dropped (skipHtml), links are neutralised by react-markdown's
// default urlTransform and open outside the page. Loaded on first use through Markdown.tsx.
import type { ReactNode } from 'react';
import Markdown from 'react-markdown';
import { rehypeMark } from './rehypeMark.ts';

const components = {
  a: ({ href, children }: { href?: string; children?: ReactNode }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
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
