// The built page (dist/web), with index.html for the page's own URLs; without a build, a page that says how to make
// one.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { BUILT_PAGE_DIR, PACKAGE_ROOT } from '../cli/index.ts';

export const DEFAULT_WEB_DIR = BUILT_PAGE_DIR;

export const MISSING_BUILD_MESSAGE = `The page is not built: run \`npm run build\` in ${PACKAGE_ROOT}, then reload.`;

export function hasBuiltPage(webDir: string): boolean {
  return existsSync(join(webDir, 'index.html'));
}

/** serveStatic is set up only once the folder exists, so a missing build prints no warnings of its own. */
export function staticRoutes(webDir: string) {
  const app = new Hono();
  let files: { assets: MiddlewareHandler; index: MiddlewareHandler } | null = null;
  app.use('*', async (c, next) => {
    if (!files && hasBuiltPage(webDir)) {
      files = { assets: serveStatic({ root: webDir }), index: serveStatic({ root: webDir, path: 'index.html' }) };
    }
    if (files) {
      const served = await files.assets(c, async () => {});
      if (served) return served;
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        const index = await files.index(c, async () => {});
        if (index) return index;
      }
      return next();
    }
    return c.html(
      `<!doctype html><meta charset="utf-8"><title>gcc-studio</title>` +
        `<body style="font-family:system-ui;margin:3rem"><h1>gcc-studio</h1><p>${escapeHtml(MISSING_BUILD_MESSAGE)}</p>` +
        `<p>The API is running: <code>/api/workspace</code>.</p></body>`,
      503,
    );
  });
  return app;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
