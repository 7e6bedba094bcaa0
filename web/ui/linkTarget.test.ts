// Which Markdown links stay live, and which are made inert.
import { describe, expect, it } from 'vitest';
import { linkTarget } from './linkTarget.ts';

describe('linkTarget', () => {
  it('keeps absolute web and mail addresses', () => {
    expect(linkTarget('https://example.com/a?b#c')).toBe('https://example.com/a?b#c');
    expect(linkTarget('HTTP://x.y')).toBe('HTTP://x.y');
    expect(linkTarget('mailto:a@b.c')).toBe('mailto:a@b.c');
  });

  it('makes everything that would resolve against this page, or run, inert', () => {
    for (const href of ['', undefined, null, 'javascript:alert(1)', ' javascript:alert(1)', 'JaVaScRiPt:x', 'data:text/html,x', 'vbscript:x', '/', '?token=x', '#top', 'README.md', '//evil.example/x', 'file:///etc/passwd', 'http:/x']) {
      expect(linkTarget(href), String(href)).toBeNull();
    }
  });
});
