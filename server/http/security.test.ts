// The policy's one script hash is the hash of index.html's one inline script (the early requests), as the sources
// have it and as Vite's build keeps it: edit the script and this says which hash the policy needs.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILT_PAGE_DIR } from '../cli/package-files.ts';
import { CONTENT_SECURITY_POLICY, EARLY_SCRIPT_HASH } from './security.ts';

const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
const hashOf = (script: string) => `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;

describe('the inline script hash', () => {
  it("is the hash of web/index.html's one inline script", () => {
    const scripts = inlineScripts(readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8'));
    expect(scripts).toHaveLength(1);
    expect(hashOf(scripts[0]!)).toBe(EARLY_SCRIPT_HASH);
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' '${EARLY_SCRIPT_HASH}'`);
  });

  it.runIf(existsSync(`${BUILT_PAGE_DIR}/index.html`))('is the hash of the built page’s one too', () => {
    expect(inlineScripts(readFileSync(`${BUILT_PAGE_DIR}/index.html`, 'utf8')).map(hashOf)).toEqual([EARLY_SCRIPT_HASH]);
  });
});
