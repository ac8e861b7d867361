import type { FastifyInstance } from 'fastify';
import type { CheckoutDeps } from './checkout.service.ts';

/**
 * What the checkout service needs (its routes, the team routes and the reconciliation worker), taken from the
 * app: the provider is the one the composition root made (src/server/deps.ts).
 */
export function checkoutDeps(app: FastifyInstance): CheckoutDeps {
  return {
    db: app.db,
    database: app.database,
    provider: app.payments,
    publicUrl: app.config.publicUrl,
    log: app.log,
    invoicing: app.config.invoicing,
    paymentStartsPerIp: app.config.paymentStartsPerIp,
    settlements: app.paymentSettlements,
    refundEvents: app.refundEvents,
    instalmentEvents: app.instalmentEvents,
    cardChangeEvents: app.cardChangeEvents,
  };
}
