// Agent-written Markdown. The renderer (react-markdown and its unified pipeline, a third of the page's code) is its
// own chunk, fetched the first time any Markdown is drawn: the first screen (log, context) draws none. Until it is
// in, the text shows as it is written, so nothing waits on it.
import { lazy, Suspense } from 'react';

export interface MarkdownTextProps {
  text: string;
  highlight?: string;
  className?: string;
}

const Renderer = lazy(() => import('./MarkdownRenderer.tsx').then((m) => ({ default: m.MarkdownRenderer })));

export function MarkdownText(props: MarkdownTextProps) {
  return (
    <Suspense fallback={<div className={props.className ? `md md-plain ${props.className}` : 'md md-plain'}>{props.text}</div>}>
      <Renderer {...props} />
    </Suspense>
  );
}
