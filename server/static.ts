// The built SPA: hashed assets cached for a year, index.html always revalidated, and index.html for
// any other page path so the app's router (and its own 404 page) takes over.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/** Paths that belong to the API; they never fall back to the SPA. */
export const API_PREFIXES = ['/auth/v1', '/rest/v1', '/functions/v1', '/realtime/v1', '/billing', '/config.json'];

const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

export function staticRoutes(staticDir: string | undefined): Hono {
  const app = new Hono();
  const index = staticDir ? join(staticDir, 'index.html') : undefined;
  if (!staticDir || !index || !existsSync(index)) {
    app.get('*', (c) => {
      if (isApiPath(c.req.path)) return c.notFound();
      return c.text(`The app is not built: ${staticDir ?? 'dist'}/index.html is missing. Run \`npm start\` (it builds first) or \`npx vite build\`.`, 503);
    });
    return app;
  }

  app.use(
    '*',
    serveStatic({
      root: staticDir,
      onFound: (path, c) => {
        c.header('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  const serveIndex = serveStatic({ path: index, onFound: (_path, c) => void c.header('Cache-Control', 'no-cache') });
  app.get('*', async (c, next) => {
    // A missing hashed asset is a real 404; serving HTML in its place would break the page obscurely.
    if (isApiPath(c.req.path) || c.req.path.startsWith('/assets/')) return c.notFound();
    return serveIndex(c, next);
  });
  return app;
}
