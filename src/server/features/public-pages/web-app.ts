import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogCache } from '#server/features/catalog/index.ts';
import { sessionCookieName } from '#server/plugins/auth.ts';
import { SITE_DESCRIPTION } from '#shared/site.ts';
import { isClientRenderedPath } from '#shared/site-routes.ts';
import { CURRENT_USER_QUERY, type LoadedPage, NOT_FOUND_HEAD, serverPages } from './pages.ts';
import { PageRenderer } from './renderer.ts';

export interface WebAppOptions {
  /** The browser build (index.html, assets). */
  clientDir: string;
  /** The server renderer built from src/client/entry-server.tsx. */
  serverEntryFile: string;
}

const HTML = 'text/html; charset=utf-8';

/**
 * Serves the web app: hashed assets (precompressed .br/.gz files, cached for a year), the public pages rendered on
 * the server with their own head, the app shell for the pages the browser renders, and a 404 page for the rest.
 */
export function registerWebApp(app: FastifyInstance, { clientDir, serverEntryFile }: WebAppOptions) {
  // The reset link's token is in the query: that page must not leak it in a Referer.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0] === '/reset-password') reply.header('referrer-policy', 'no-referrer');
  });
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  if (!hasClient) {
    app.setNotFoundHandler((request, reply) => notFoundJson(request, reply));
    return;
  }
  app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // A client that accepts br or gzip gets the copy written at build time (scripts/vite-precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed assets never change; index.html must always be revalidated so a deploy is picked up.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      const cache = hashed
        ? 'public, max-age=31536000, immutable'
        : filePath.endsWith('index.html')
          ? 'no-cache'
          : 'public, max-age=3600';
      res.header('cache-control', cache);
    },
  });
  app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.sendFile(path.join('assets', file));
  });

  const renderer = new PageRenderer(clientDir, serverEntryFile, app.config.publicUrl);
  const catalog = new CatalogCache(app.database);
  app.addHook('onClose', async () => catalog.close());
  const cookieName = sessionCookieName(app.config.secureCookies);

  /**
   * Visitors get the page rendered on the server. A browser with a session cookie gets the shell (same head and
   * status): the signed-in header and the home page's redirect to a dashboard are the browser's to decide.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: LoadedPage) {
    reply.code(page.status).type(HTML).header('cache-control', 'no-cache').header('vary', 'Cookie');
    if (request.cookies[cookieName]) return reply.send(renderer.shell(page.head));
    const queries = [...page.queries, { queryKey: CURRENT_USER_QUERY, data: null }];
    return reply.send(await renderer.render(request.url, page.head, queries));
  }

  for (const page of serverPages) {
    app.get(page.path, { schema: { hide: true } }, async (request, reply) =>
      sendPage(
        request,
        reply,
        await page.load({
          params: request.params as Record<string, string>,
          publicUrl: app.config.publicUrl,
          catalog,
          db: app.db,
        }),
      ),
    );
  }

  // Every other GET: a page the browser renders, or the 404 page. A route rather than the not-found handler, so
  // that @fastify/compress (which hooks into routes) compresses it like the rest.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/objects/');
    const lastSegment = url.split('/').pop() ?? '';
    if (isApi || lastSegment.includes('.')) return notFoundJson(request, reply);
    if (isClientRenderedPath(url)) {
      return reply
        .type(HTML)
        .header('cache-control', 'no-cache')
        .send(renderer.shell(CLIENT_PAGE_HEAD(url)));
    }
    return sendPage(request, reply, { status: 404, head: NOT_FOUND_HEAD(url), queries: [] });
  });
  app.setNotFoundHandler((request, reply) => notFoundJson(request, reply));
}

/** Pages behind a sign-in or a form: the site's description, and kept out of search results. */
const CLIENT_PAGE_HEAD = (url: string) => ({
  description: SITE_DESCRIPTION,
  path: url,
  noindex: true,
});

function notFoundJson(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0] ?? '/';
  return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'ROUTE_NOT_FOUND' });
}
