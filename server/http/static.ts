// The built page (dist/web, from `npm run build`): files as they are, index.html for any other path so the page's
// own URLs survive a reload. Without a build, a page that says how to make one.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

export const MISSING_BUILD_MESSAGE = 'The page is not built yet: run `npm run build` in the gcc-studio folder, then reload.';

export function hasBuiltPage(webDir: string): boolean {
  return existsSync(join(webDir, 'index.html'));
}

export function staticRoutes(webDir: string) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (hasBuiltPage(webDir)) return next();
    return c.html(
      `<!doctype html><meta charset="utf-8"><title>gcc-studio</title>` +
        `<body style="font-family:system-ui;margin:3rem"><h1>gcc-studio</h1><p>${MISSING_BUILD_MESSAGE}</p>` +
        `<p>The API is running: <code>/api/workspace</code>.</p></body>`,
      503,
    );
  });
  app.use('*', serveStatic({ root: webDir }));
  app.get('*', serveStatic({ root: webDir, path: 'index.html' }));
  return app;
}
