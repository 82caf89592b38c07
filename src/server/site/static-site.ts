// Serves the built storefront under /app (docs/architecture.md §1): /app → /app/,
// pages as directories with index.html, the site's 404 page, and a friendly
// "being prepared" page while the first build runs.
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_BASE, routes } from '#src/shared/routes.ts';
import { SW_URL } from '#src/shared/offline.ts';
import { distDir } from './site-paths.ts';

export const preparingPage = `<!doctype html><html lang="it"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5">
<title>Spesa online</title><style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem}</style></head><body>
<h1>Stiamo preparando il negozio</h1><p>Il catalogo è in aggiornamento: la pagina si ricarica da sola tra pochi secondi.</p>
</body></html>`;

/** Pages and every other file change with each catalogue build: a cache asks again each time. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** The site's files cached otherwise than its pages: under a URL prefix, or at an exact URL. */
export const CACHE_RULES: readonly { url: string; exact: boolean; cacheControl: string }[] = [
  // Hashed assets never change.
  { url: `${APP_BASE}/_astro/`, exact: false, cacheControl: 'public, max-age=31536000, immutable' },
  // The service worker (offline-support.ts): checked for a new version at every navigation.
  // Its scope is its own directory, the whole storefront: no Service-Worker-Allowed needed.
  { url: SW_URL, exact: true, cacheControl: 'no-cache' },
];

/** The Cache-Control of a file of the site, by its URL. */
const siteCacheControl = (path: string): string =>
  CACHE_RULES.find((rule) => (rule.exact ? path === rule.url : path.startsWith(rule.url)))?.cacheControl ?? REVALIDATE;

/**
 * The build dist/ points at now (a symlink swapped by each rebuild, build-site.ts swapDist).
 * A file is served by its path in that build: serveStatic reads a file's size, then opens
 * it, and through dist/ the two could land in two builds (a page cut short). The build
 * before stays on disk until the next rebuild, so an answer begun before a swap ends whole.
 */
function currentBuild(): string {
  try {
    return realpathSync(distDir);
  } catch {
    return distDir; // before the first build: nothing there, the 404 page answers
  }
}

/** Whether a path is one of staticSite's (the site's pages and files), not the API's. */
export const isSitePath = (path: string): boolean =>
  path === '/' || path === '/favicon.ico' || path === APP_BASE || path.startsWith(`${APP_BASE}/`);

/** An unexpected error while serving the site: logged, and a plain 500 page, as hono's own handler answers. */
export function siteError(error: unknown, c: Context): Response {
  if (error instanceof HTTPException) return error.getResponse();
  console.error('[site] unexpected error', c.req.method, c.req.path, error);
  return c.text('Errore del server: riprova tra qualche istante.', 500);
}

export function staticSite(siteReady: () => boolean) {
  const site = new Hono();
  site.get(APP_BASE, (c) => c.redirect(routes.home, 301));
  site.get('/favicon.ico', (c) => c.redirect(routes.file('favicon.svg'), 301));
  site.use(`${APP_BASE}/*`, async (c, next) => {
    if (!siteReady()) return c.html(preparingPage, 503, { 'Retry-After': '5' });
    return next();
  });
  // serveStatic calls onFound once its answer is made, too late for headers: a file's are set on
  // its answer here (a file's answer is the one with Last-Modified; the 404 page has none).
  site.use(`${APP_BASE}/*`, async (c, next) => {
    await next();
    if (!c.res.headers.has('Last-Modified')) return;
    // Once: the shop's compression says it already, and serveStatic adds it again for a copy.
    c.res.headers.set('Vary', 'Accept-Encoding');
    c.res.headers.set('Cache-Control', siteCacheControl(c.req.path));
  });
  site.use(
    `${APP_BASE}/*`,
    serveStatic({
      // The path rewritten is absolute (it is checked for '..' before): rooted at '/'.
      root: '/',
      rewriteRequestPath: (path) => join(currentBuild(), path.slice(APP_BASE.length)),
      // The build writes a gzip copy of each text file (compressed-copies.ts): sent as it is.
      precompressed: true,
    }),
  );
  site.get(`${APP_BASE}/*`, async (c) => {
    const notFound = await readFile(join(distDir, '404.html'), 'utf8').catch(() => '<h1>Pagina non trovata</h1>');
    return c.html(notFound, 404);
  });
  site.get('/', (c) => c.redirect(routes.home, 302));
  return site;
}
