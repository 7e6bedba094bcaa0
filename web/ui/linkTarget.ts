// Which Markdown link targets become real links. Agent text is untrusted: react-markdown's urlTransform already
// empties `javascript:`/`data:` targets, but an empty or relative href still resolves against this page and opened
// a second dashboard in a new tab. Only an absolute web or mail address is a link; anything else is shown as text.
const LINKABLE = /^(?:https?:\/\/|mailto:)/i;

export function linkTarget(href: string | null | undefined): string | null {
  const target = href?.trim() ?? '';
  return LINKABLE.test(target) ? target : null;
}
