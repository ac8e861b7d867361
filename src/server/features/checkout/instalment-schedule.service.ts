import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { paymentInstalments, payments } from '#server/db/schema/index.ts';
import type { PaymentProvider, ProviderIntent } from './payment.provider.ts';

// A monthly plan's later instalments at the provider (docs/product.md#failed-instalments): the schedule is made once
// the first payment settles, or later by the reconciler when the provider could not make it then.

export interface ScheduleDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/**
 * Monthly plan: asks the provider to charge the remaining instalments and stores its reference on them. A failure
 * is logged and left for the reconciliation worker to retry (the provider calls are idempotent per intent).
 */
export async function scheduleRemainingInstalments(
  deps: ScheduleDeps,
  intent: ProviderIntent,
  plan: { paymentId: string; remaining: number; amountPence: number; courseTitle: string },
): Promise<boolean> {
  // A card changed before the schedule was made (README 'Failed instalments') is the one it charges.
  const cardOf = async () =>
    (
      await deps.db
        .select({ card: payments.cardOnFile })
        .from(payments)
        .where(eq(payments.id, plan.paymentId))
    )[0]?.card?.paymentMethodId ?? null;
  try {
    const paymentMethodId = await cardOf();
    const reference = await deps.provider.scheduleInstalments({
      intent,
      productName: `${plan.courseTitle} (monthly plan)`,
      amountPence: plan.amountPence,
      remaining: plan.remaining,
      paymentMethodId,
    });
    if (!reference) return false;
    await deps.db
      .update(paymentInstalments)
      .set({ providerReference: reference })
      .where(eq(paymentInstalments.paymentId, plan.paymentId));
    // A card change applied while the schedule was being made found no schedule to move: move it now.
    const changed = await cardOf();
    if (changed && changed !== paymentMethodId) {
      await deps.provider.chargeLaterTo({
        setup: {
          id: changed,
          clientSecret: null,
          status: 'succeeded',
          customerId: intent.customerId,
          paymentMethodId: changed,
          card: null,
          metadata: {},
        },
        scheduleReference: reference,
      });
    }
    return true;
  } catch (error) {
    // The buyer is enrolled and the instalments are recorded; the schedule is created again later.
    deps.log.error({ err: error, intentId: intent.id }, 'could not create the instalment schedule');
    return false;
  }
}
