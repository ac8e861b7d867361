import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { paymentInstalments, payments, processedProviderEvents } from '#server/db/schema/index.ts';
import type {
  InstalmentEventHandler,
  PaymentProvider,
  ProviderInvoice,
} from '#server/features/checkout/index.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { recordFailure, recordPaid } from './instalments.repo.ts';

// Stripe charges each instalment itself and reports it by webhook (docs/product.md#failed-instalments):
// invoice.payment_failed and invoice.paid, matched to our plan by the schedule's metadata and to the instalment by
// the invoice (the first unmatched instalment in order takes a new invoice). The event id is stored in the same
// transaction and a failure counts once per attempt (Stripe's attempt_count), so a redelivered event, or the event
// of a retry our own job already recorded, changes nothing.

export async function recordInstalmentEvent(
  database: Database,
  config: Pick<AppConfig, 'publicUrl' | 'invoicing'>,
  provider: PaymentProvider['name'],
  eventId: string,
  invoice: ProviderInvoice,
  now = new Date(),
): Promise<'processed' | 'duplicate' | 'ignored'> {
  if (!invoice.planIntentId || !invoice.id) return 'ignored';
  const planIntentId = invoice.planIntentId;
  const outcome = await database.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(processedProviderEvents)
      .values({ id: eventId, provider, type: 'invoice' })
      .onConflictDoNothing()
      .returning({ id: processedProviderEvents.id });
    if (fresh.length === 0) return 'duplicate' as const;
    const [plan] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.providerIntentId, planIntentId))
      .for('update');
    if (!plan) return 'ignored' as const;
    let [instalment] = await tx
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.providerInvoiceId, invoice.id));
    if (!instalment) {
      [instalment] = await tx
        .select()
        .from(paymentInstalments)
        .where(
          and(
            eq(paymentInstalments.paymentId, plan.id),
            eq(paymentInstalments.status, 'scheduled'),
            isNull(paymentInstalments.providerInvoiceId),
          ),
        )
        .orderBy(asc(paymentInstalments.sequence))
        .limit(1);
      if (!instalment) return 'ignored' as const;
      await tx
        .update(paymentInstalments)
        .set({ providerInvoiceId: invoice.id })
        .where(eq(paymentInstalments.id, instalment.id));
    }
    if (invoice.status === 'paid') {
      const paid = await recordPaid(tx, {
        instalmentId: instalment.id,
        now,
        chargeRef: invoice.id,
        invoicing: { invoicing: config.invoicing, publicUrl: config.publicUrl },
      });
      return { userId: paid?.reopened ? paid.userId : null };
    }
    await recordFailure(tx, {
      instalmentId: instalment.id,
      attempt: Math.max(1, invoice.attemptCount),
      message: 'Your card was declined.',
      now,
      publicUrl: config.publicUrl,
      claimed: false,
    });
    return { userId: null };
  });
  if (typeof outcome === 'string') return outcome;
  if (outcome.userId) await learnerChanged(database, outcome.userId);
  return 'processed';
}

/** Checkout's handler for instalment invoice events, made by the composition root (src/server/deps.ts). */
export function instalmentEventHandler(
  config: AppConfig,
  database: Database,
  provider: PaymentProvider,
): InstalmentEventHandler {
  return (eventId, invoice) => recordInstalmentEvent(database, config, provider.name, eventId, invoice);
}
