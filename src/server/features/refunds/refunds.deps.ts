import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { PaymentProvider, RefundEventHandler } from '#server/features/checkout/index.ts';
import { confirmRefundEvent, type RefundDeps } from './refunds.service.ts';

/** What the refunds service needs, from the app (its routes). */
export function refundDeps(app: FastifyInstance): RefundDeps {
  return {
    db: app.db,
    database: app.database,
    provider: app.payments,
    publicUrl: app.config.publicUrl,
    invoicing: app.config.invoicing,
  };
}

/** Checkout's handler for the provider's refund events, made by the composition root (src/server/deps.ts). */
export function refundEventHandler(
  config: AppConfig,
  database: Database,
  provider: PaymentProvider,
): RefundEventHandler {
  const deps: RefundDeps = {
    db: database.db,
    database,
    provider,
    publicUrl: config.publicUrl,
    invoicing: config.invoicing,
  };
  return (eventId, refund) => confirmRefundEvent(deps, eventId, refund);
}
