import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import { courses, invoices, paymentInstalments, payments, teamOrders } from '#server/db/schema/index.ts';
import {
  openPayment,
  type PaymentProvider,
  type PaymentSettlement,
} from '#server/features/checkout/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import type {
  AccountPlan,
  InstalmentStatus,
  OverdueInstalment,
  OverduePayment,
} from '#shared/schemas/instalments.ts';
import { invoiceLabel } from '#shared/schemas/teams.ts';
import { cardChangeable } from './card-change.service.ts';
import { DAY_MS, type InstalmentRow, lockInstalment, OVERDUE, recordPaid } from './instalments.repo.ts';

// The buyer's side of a monthly plan (docs/product.md#failed-instalments): the schedule in Billing, the overdue
// page, and paying an overdue instalment with another card. That payment is an ordinary checkout payment (our row
// first, then the provider's intent: docs/decisions/0015-payment-row-first.md) linked to the instalment, settled
// by checkout through the settlement below, so the card form, the test provider, Stripe's webhook and the
// reconciler all work for it unchanged.

export const INSTALMENT_NOT_FOUND = 'Instalment not found';

export interface OverdueDeps {
  db: Db;
  database: Database;
  provider: PaymentProvider;
  graceDays: number;
}

function statusOf(row: Pick<InstalmentRow, 'status' | 'dueAt'>): InstalmentStatus {
  switch (row.status) {
    case 'paid':
      return 'paid';
    case 'canceled':
      return 'canceled';
    case 'defaulted':
      return 'defaulted';
    case 'failed':
      return 'overdue';
    default:
      return 'due';
  }
}

/** GET /api/account/plans: the caller's monthly plans with their whole schedule, the first payment included. */
export async function accountPlans(db: Queryable, caller: Principal): Promise<AccountPlan[]> {
  const plans = await db
    .select({ payment: payments, courseTitle: courses.title })
    .from(payments)
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .leftJoin(teamOrders, eq(teamOrders.paymentId, payments.id))
    .where(
      and(
        eq(payments.userId, caller.id),
        eq(payments.plan, 'monthly'),
        eq(payments.status, 'succeeded'),
        isNull(teamOrders.id),
      ),
    )
    .orderBy(desc(payments.createdAt));
  if (plans.length === 0) return [];
  const rows = await db
    .select()
    .from(paymentInstalments)
    .where(
      inArray(
        paymentInstalments.paymentId,
        plans.map((p) => p.payment.id),
      ),
    )
    .orderBy(asc(paymentInstalments.sequence));
  // The VAT invoices: the first payment's, and each paid instalment's (README 'Failed instalments').
  const invoiced = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      paymentId: invoices.paymentId,
      instalmentId: invoices.instalmentId,
    })
    .from(invoices)
    .where(
      or(
        inArray(
          invoices.paymentId,
          plans.map((p) => p.payment.id),
        ),
        rows.length
          ? inArray(
              invoices.instalmentId,
              rows.map((r) => r.id),
            )
          : undefined,
      ),
    );
  const invoiceOf = (match: (i: (typeof invoiced)[number]) => boolean) => {
    const found = invoiced.find(match);
    return found ? { id: found.id, number: invoiceLabel(found.number) } : null;
  };
  return plans
    .map(({ payment, courseTitle }) => {
      const mine = rows.filter((r) => r.paymentId === payment.id);
      return {
        paymentId: payment.id,
        courseId: payment.courseId,
        courseTitle,
        cardLast4: payment.cardOnFile?.last4 ?? null,
        accessPaused: Boolean(payment.accessPausedAt),
        cardChangeable: cardChangeable(mine.map((r) => r.status)),
        schedule: [
          {
            instalmentId: null,
            sequence: 1,
            dueAt: (payment.fulfilledAt ?? payment.createdAt).toISOString(),
            amountPence: payment.amountPence,
            status: 'paid' as const,
            nextRetryAt: null,
            invoice: invoiceOf((i) => i.paymentId === payment.id),
          },
          ...mine.map((r) => ({
            instalmentId: r.id,
            sequence: r.sequence,
            dueAt: r.dueAt.toISOString(),
            amountPence: r.amountPence,
            status: statusOf(r),
            nextRetryAt: r.status === 'failed' ? (r.nextRetryAt?.toISOString() ?? null) : null,
            invoice: invoiceOf((i) => i.instalmentId === r.id),
          })),
        ],
      };
    })
    .filter((plan) => plan.schedule.length > 1);
}

function presentOverdue(
  graceDays: number,
  row: { instalment: InstalmentRow; payment: typeof payments.$inferSelect; courseTitle: string },
): OverdueInstalment {
  const { instalment, payment } = row;
  return {
    instalmentId: instalment.id,
    paymentId: payment.id,
    courseId: payment.courseId,
    courseTitle: row.courseTitle,
    sequence: instalment.sequence,
    dueAt: instalment.dueAt.toISOString(),
    amountPence: instalment.amountPence,
    status: statusOf(instalment),
    pausesAt: instalment.firstFailedAt
      ? new Date(instalment.firstFailedAt.getTime() + graceDays * DAY_MS).toISOString()
      : null,
    accessPaused: Boolean(payment.accessPausedAt),
    lastError: instalment.lastError,
  };
}

async function overdueRows(db: Queryable, userId: string, instalmentId?: string) {
  return db
    .select({ instalment: paymentInstalments, payment: payments, courseTitle: courses.title })
    .from(paymentInstalments)
    .innerJoin(payments, eq(payments.id, paymentInstalments.paymentId))
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(
      and(
        eq(payments.userId, userId),
        instalmentId ? eq(paymentInstalments.id, instalmentId) : inArray(paymentInstalments.status, OVERDUE),
      ),
    )
    .orderBy(asc(paymentInstalments.dueAt));
}

/** GET /api/account/instalments/overdue: what the portal's 'Payment overdue' banner lists. */
export async function overdueInstalments(deps: OverdueDeps, caller: Principal): Promise<OverdueInstalment[]> {
  return (await overdueRows(deps.db, caller.id)).map((row) => presentOverdue(deps.graceDays, row));
}

/** GET /api/account/instalments/:id: the buyer's own instalment; anyone else's does not exist (404). */
export async function overdueInstalment(
  deps: OverdueDeps,
  caller: Principal,
  instalmentId: string,
): Promise<OverdueInstalment> {
  const [row] = isUuid(instalmentId) ? await overdueRows(deps.db, caller.id, instalmentId) : [];
  if (!row) throw notFound(INSTALMENT_NOT_FOUND, 'INSTALMENT_NOT_FOUND');
  return presentOverdue(deps.graceDays, row);
}

class ReuseRecovery extends Error {
  constructor(readonly paymentId: string) {
    super('reuse');
  }
}

/**
 * POST /api/account/instalments/:id/payment: a payment of the overdue amount for the card form. One at a time per
 * instalment: pressing Pay twice, or in two tabs, gives the same payment (so it can be charged once); a cancelled
 * one is replaced. 409 when the instalment is not overdue, or an automatic retry is charging it right now.
 */
export async function startOverduePayment(
  deps: OverdueDeps,
  caller: Principal,
  instalmentId: string,
): Promise<OverduePayment> {
  const [row] = isUuid(instalmentId) ? await overdueRows(deps.db, caller.id, instalmentId) : [];
  if (!row) throw notFound(INSTALMENT_NOT_FOUND, 'INSTALMENT_NOT_FOUND');
  const { instalment, payment } = row;
  const link = async (tx: Queryable, paymentId: string) => {
    const locked = await lockInstalment(tx, instalment.id);
    if (!locked || !(OVERDUE as readonly string[]).includes(locked.status)) {
      throw conflict(
        locked?.status === 'charging'
          ? 'We are trying your card on file right now. Please look again in a minute.'
          : 'This instalment is not overdue.',
        locked?.status === 'charging' ? 'INSTALMENT_BEING_CHARGED' : 'INSTALMENT_NOT_OVERDUE',
      );
    }
    if (locked.recoveryPaymentId) {
      const [open] = await tx
        .select({ id: payments.id, status: payments.status })
        .from(payments)
        .where(eq(payments.id, locked.recoveryPaymentId));
      if (open && open.status !== 'canceled') throw new ReuseRecovery(open.id);
    }
    await tx
      .update(paymentInstalments)
      .set({ recoveryPaymentId: paymentId })
      .where(eq(paymentInstalments.id, locked.id));
  };
  try {
    const { intent } = await openPayment(
      deps,
      {
        courseId: payment.courseId,
        userId: caller.id,
        email: payment.email,
        plan: 'onetime',
        amountPence: instalment.amountPence,
        currency: 'gbp',
        studentData: {},
      },
      {
        amountPence: instalment.amountPence,
        currency: 'gbp',
        metadata: { courseId: payment.courseId, instalmentId: instalment.id, purpose: 'overdue_instalment' },
        receiptEmail: payment.email || undefined,
      },
      link,
    );
    return {
      clientSecret: intent.clientSecret ?? '',
      paymentIntentId: intent.id,
      amountPence: instalment.amountPence,
    };
  } catch (error) {
    if (!(error instanceof ReuseRecovery)) throw error;
    // The same payment, once its intent is stored (a press a moment earlier may still be creating it).
    let open: typeof payments.$inferSelect | undefined;
    for (let tries = 0; tries < 20; tries++) {
      [open] = await deps.db.select().from(payments).where(eq(payments.id, error.paymentId));
      if (!open || open.providerIntentId || open.status !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const intent = open?.providerIntentId ? await deps.provider.retrieveIntent(open.providerIntentId) : null;
    if (!intent?.clientSecret) {
      throw conflict('Your payment is being set up. Please try again in a moment.', 'PAYMENT_IN_PROGRESS');
    }
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPence: open!.amountPence };
  }
}

/**
 * Checkout's settlement for a paid overdue instalment (features/checkout/settlement.handler.ts), inside its transaction
 * with the payment row locked, so exactly once: the instalment is paid, the course opens again at once when nothing
 * else is overdue, and (built-in test provider) the new card is the plan's card from now on.
 */
export function overdueInstalmentSettlement(ctx: {
  invoicing: AppConfig['invoicing'];
  publicUrl: string;
}): PaymentSettlement {
  return {
    async settle(tx, paymentId) {
      const [row] = await tx
        .select({ instalment: paymentInstalments, card: payments.cardOnFile, userId: payments.userId })
        .from(paymentInstalments)
        .innerJoin(payments, eq(payments.id, paymentId))
        .where(eq(paymentInstalments.recoveryPaymentId, paymentId));
      if (!row) return null;
      const paid = await recordPaid(tx, { instalmentId: row.instalment.id, now: new Date(), invoicing: ctx });
      if (row.card) {
        await tx
          .update(payments)
          .set({ cardOnFile: row.card })
          .where(eq(payments.id, row.instalment.paymentId));
      }
      // The learning caches hear of it once checkout commits (it calls learnerChanged for the returned account).
      const userId = row.userId ?? paid?.userId;
      if (!userId) throw conflict('This payment has no account.', 'PAYMENT_NOT_REFUNDABLE');
      return { userId };
    },
    async abandon(tx, paymentId) {
      await tx
        .update(paymentInstalments)
        .set({ recoveryPaymentId: null })
        .where(eq(paymentInstalments.recoveryPaymentId, paymentId));
    },
  };
}
