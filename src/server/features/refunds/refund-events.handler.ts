import type { AppConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { PaymentProvider, RefundEventHandler } from '#server/features/checkout/index.ts';
import { confirmRefundEvent, type RefundDeps } from './refund-settlement.service.ts';

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
