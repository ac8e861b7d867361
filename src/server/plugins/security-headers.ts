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
