import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTML_TYPE, htmlPage, sendCachedPage } from '#server/lib/cached-page.presenter.ts';
import { pathOf } from '#server/lib/front-door.service.ts';
import { sessionCookieName } from '#server/plugins/auth.plugin.ts';
import { SITE_DESCRIPTION } from '#shared/site.ts';
import { isClientRenderedPath } from '#shared/site-routes.ts';
import type { RenderedPage } from './page-cache.service.ts';
import { CURRENT_USER_QUERY, type LoadedPage, NOT_FOUND_HEAD, serverPages } from './pages.registry.ts';
import { RenderQueue } from './render-queue.service.ts';
import { PageRenderer } from './renderer.service.ts';

export interface WebAppOptions {
  /** The browser build (index.html, assets). */
  clientDir: string;
  /** The server renderer built from src/client/entry-server.tsx. */
  serverEntryFile: string;
}

/** One render at a time (a render is CPU on the event loop); up to 64 visitors wait for one, then get the shell. */
const RENDER_LIMITS = { concurrency: 1, maxWaiting: 64 };

/**
 * Serves the web app: hashed assets (precompressed .br/.gz files, cached for a year), the public pages rendered on
 * the server with their own head, the app shell for the pages the browser renders, and a 404 page for the rest.
 */
export function registerWebApp(app: FastifyInstance, { clientDir, serverEntryFile }: WebAppOptions) {
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
  const catalog = app.catalogCache;
  const pages = app.pageCache;
  const renders = new RenderQueue(RENDER_LIMITS);
  const cookieName = sessionCookieName(app.config.secureCookies);

  /** Rendered in turn (render-queue.service.ts); the shell when too many renders are already waiting. */
  async function renderPage(url: string, page: LoadedPage): Promise<RenderedPage> {
    const queries = [...page.queries, { queryKey: CURRENT_USER_QUERY, data: null }];
    const html = await renders.run(() => renderer.render(url, page.head, queries));
    if (html === null) return { status: page.status, html: renderer.shell(page.head), cacheable: false };
    return { status: page.status, html, cacheable: page.status === 200 };
  }

  /**
   * A browser with a session cookie gets the shell (same head and status): the signed-in header and the home
   * page's redirect to a dashboard are the browser's to decide, and nothing personal is ever cached.
   */
  function sendShell(reply: FastifyReply, page: LoadedPage) {
    return htmlPage(reply, page.status).send(renderer.shell(page.head));
  }

  // A visitor's page that is cached is answered before Fastify, exactly as sendCachedPage would
  // (lib/front-door.service.ts); the routes render and cache it the first time.
  app.frontDoor.serveCached({
    type: HTML_TYPE,
    cacheControl: 'no-cache',
    vary: 'Cookie',
    security: 'page',
    visitorsOnly: true,
    current: (path) => pages.peek(path),
  });

  for (const page of serverPages) {
    const load = (request: FastifyRequest) =>
      page.load({
        params: request.params as Record<string, string>,
        publicUrl: app.config.publicUrl,
        catalog,
        db: app.db,
      });
    app.get(page.path, { schema: { hide: true } }, (request, reply) => {
      if (request.cookies[cookieName]) return load(request).then((loaded) => sendShell(reply, loaded));
      // Visitors: the page rendered for this path, whatever the query string (no public page reads it).
      const path = pathOf(request.url);
      const hit = pages.peek(path);
      if (hit) return sendCachedPage(request, reply, hit);
      return pages
        .get(path, async () => renderPage(path, await load(request)))
        .then((cached) => sendCachedPage(request, reply, cached));
    });
  }

  // Every other GET: a page the browser renders, or the 404 page. A route rather than the not-found handler, so
  // that @fastify/compress (which hooks into routes) compresses it like the rest.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = pathOf(request.url);
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/objects/');
    const lastSegment = url.split('/').pop() ?? '';
    if (isApi || lastSegment.includes('.')) return notFoundJson(request, reply);
    if (isClientRenderedPath(url)) {
      keepResetTokenPrivate(url, reply);
      return reply
        .type(HTML_TYPE)
        .header('cache-control', 'no-cache')
        .send(renderer.shell(CLIENT_PAGE_HEAD(url)));
    }
    const page: LoadedPage = { status: 404, head: NOT_FOUND_HEAD(url), queries: [] };
    if (request.cookies[cookieName]) return sendShell(reply, page);
    const { html } = await renderPage(request.url, page);
    return htmlPage(reply, 404).send(html);
  });
  app.setNotFoundHandler((request, reply) => notFoundJson(request, reply));
}

/** Pages behind a sign-in or a form: the site's description, and kept out of search results. */
const CLIENT_PAGE_HEAD = (url: string) => ({
  description: SITE_DESCRIPTION,
  path: url,
  noindex: true,
});

/**
 * The reset and staff-invitation links' tokens are in the query: those pages must not leak them in a Referer. Set
 * only on the routes that can answer them (the catch-all, and the not-found handler when there is no built
 * client), not on every request.
 */
function keepResetTokenPrivate(url: string, reply: FastifyReply) {
  if (url === '/reset-password' || url === '/staff/accept') reply.header('referrer-policy', 'no-referrer');
}

function notFoundJson(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0] ?? '/';
  keepResetTokenPrivate(url, reply);
  return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'ROUTE_NOT_FOUND' });
}
