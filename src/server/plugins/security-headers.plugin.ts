import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { AppConfig } from '#server/config.ts';

/** CSP with no inline scripts; Stripe's hosts only when Stripe is configured (docs/product.md#security). */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const stripe = config.stripe;
  const s3Origin = config.s3?.endpoint
    ? new URL(config.s3.endpoint).origin
    : config.s3
      ? 'https://*.amazonaws.com'
      : undefined;
  const scriptSrc = ["'self'"];
  const frameSrc = ["'self'"];
  const connectSrc = ["'self'"];
  if (stripe) {
    scriptSrc.push('https://js.stripe.com');
    frameSrc.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connectSrc.push('https://api.stripe.com');
  }
  if (s3Origin) connectSrc.push(s3Origin);
  const mediaSrc = ["'self'", 'blob:'];
  if (s3Origin) mediaSrc.push(s3Origin);
  return {
    'default-src': ["'self'"],
    'script-src': scriptSrc,
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(s3Origin ? [s3Origin] : [])],
    'media-src': mediaSrc,
    'font-src': ["'self'", 'data:'],
    'connect-src': connectSrc,
    'frame-src': frameSrc,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Every response's security headers (helmet's, with our CSP), worked out once at start-up: helmet's Fastify plugin
 * built the whole helmet middleware again for every request, which cost more than serving a cached page
 * (docs/decisions/0022-fair-share-between-visitors-and-learners.md). Nothing in them varies per request: the CSP
 * has no nonce (docs/decisions/0018-cached-pages-fair-rendering.md).
 */
export function securityHeaders(config: AppConfig): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  })({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return [...headers];
}

/** What a response under /api/ keeps of the page set, beside its own CSP. */
const API_KEEPS = new Set([
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
]);

/**
 * The security headers of responses under /api/ (JSON, PDFs, CSV, event streams), worked out once from the page set
 * (docs/decisions/0024-front-door-for-the-catalogue.md). They are documents that load nothing, so their CSP is
 * `default-src 'none'` (stricter than a page's) and still refuses framing; they keep nosniff, the same-origin
 * resource policy and HSTS. The headers that only matter to an HTML page (X-Frame-Options, the referrer policy
 * for its links, the opener and agent-cluster policies, IE's download and DNS-prefetch switches) are left off.
 */
export function apiSecurityHeaders(
  pageHeaders: [name: string, value: string][],
): [name: string, value: string][] {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ...pageHeaders.filter(([name]) => API_KEEPS.has(name)),
  ];
}

/** Whether a request's response takes the /api/ set: everything under /api/ but the API's HTML documentation. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}
