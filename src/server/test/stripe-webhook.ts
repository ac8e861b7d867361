import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

// Stripe's webhooks as Stripe delivers them, for tests against the local fake of the Stripe API (fake-stripe.ts).

const signer = new Stripe('sk_test_fake');

/**
 * A Stripe event of `type` about `object`, signed with `secret` by stripe-node's own generateTestHeaderString and
 * posted to the app's webhook, as Stripe delivers it.
 */
export function sendSignedWebhook(
  app: FastifyInstance,
  secret: string,
  event: { type: string; object: unknown; id: string; apiVersion?: string },
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: event.apiVersion ?? '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}
