import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Precompressed, sendPrecompressed } from './precompressed.util.ts';

export const HTML_TYPE = 'text/html; charset=utf-8';

/** A rendered page as the page cache keeps it (features/public-pages/page-cache.service.ts). */
export interface CachedPage {
  status: number;
  body: Precompressed;
  etag: string;
}

/**
 * A page from the page cache (docs/decisions/0018-cached-pages-fair-rendering.md), exactly as the front door
 * sends it (lib/front-door.service.ts): its status, a 304 for a matching ETag, the encoding the client accepts.
 */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  htmlPage(reply, page.status).header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  return sendPrecompressed(request, reply, page.body);
}

/**
 * The headers every public page is sent with, rendered, cached or the shell: revalidated on each visit, and
 * different for a browser with a session cookie (which gets the shell).
 */
export function htmlPage(reply: FastifyReply, status: number): FastifyReply {
  return reply.code(status).type(HTML_TYPE).header('cache-control', 'no-cache').header('vary', 'Cookie');
}
