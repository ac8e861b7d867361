import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, HttpError } from '#server/lib/http.error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API requests must come from our own site and, when they carry a body, be JSON
 * (docs/decisions/0013-csrf-json-same-site.md). Webhooks and signed upload URLs opt out through route config.
 */
export function registerCsrf(app: FastifyInstance) {
  const ownOrigin = new URL(app.config.publicUrl).origin;

  // A callback hook: reads (every GET) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    try {
      checkSameSite(request, ownOrigin);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

function checkSameSite(request: FastifyRequest, ownOrigin: string) {
  if (request.routeOptions.config.csrfExempt) return;

  if (request.headers['sec-fetch-site'] === 'cross-site')
    throw forbidden('Cross-site request refused', 'CROSS_SITE_REQUEST');
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden('Cross-site request refused', 'CROSS_SITE_REQUEST');
    }
    if (origin !== ownOrigin && host !== request.headers.host)
      throw forbidden('Cross-site request refused', 'CROSS_SITE_REQUEST');
  } else if (origin === 'null') {
    throw forbidden('Cross-site request refused', 'CROSS_SITE_REQUEST');
  }

  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  const contentType = request.headers['content-type'] ?? '';
  if (hasBody && !/^application\/json\b/i.test(contentType)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type: send JSON');
  }
}
