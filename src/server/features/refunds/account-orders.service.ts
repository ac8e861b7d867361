import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import {
  courses,
  creditNotes,
  invoices,
  liveSessionAttendees,
  liveSessions,
  modules,
  paymentInstalments,
  payments,
  refunds,
  teamOrders,
  topicProgress,
  topics,
} from '#server/db/schema/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { emailBody } from '#server/lib/mail/templates.emails.ts';
import { activeStaffWith, userById } from '#server/lib/users.repo.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { CANCELLATION_DAYS, orderReference } from '#shared/consent.ts';
import { formatPrice } from '#shared/format.ts';
import { type AccountOrder, creditNoteLabel } from '#shared/schemas/refunds.ts';
import { invoiceLabel } from '#shared/schemas/teams.ts';
import { type RefundDeps, requestRefund } from './refunds.service.ts';

// The buyer's side (docs/product.md#refunds-cancellations-and-credit-notes): their course purchases, cancelling
// within 14 days when not started (Consumer Contracts Regulations 2013 regs 29-30 and 37), else asking finance.

const DAY_MS = 24 * 60 * 60 * 1000;
export const CANCELLATION_REASON = 'Cancelled by the buyer within 14 days';
export const ORDER_NOT_FOUND = 'Order not found';

/** Whether the buyer has started the course: opened a topic, or attended one of its live sessions that began. */
async function startedCourses(
  db: Queryable,
  userId: string,
  courseIds: string[],
  now: Date,
): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const opened = await db
    .selectDistinct({ courseId: modules.courseId })
    .from(topicProgress)
    .innerJoin(topics, eq(topics.id, topicProgress.topicId))
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(
      and(
        eq(topicProgress.userId, userId),
        inArray(modules.courseId, courseIds),
        sql`${topicProgress.openedAt} is not null`,
      ),
    );
  const attended = await db
    .selectDistinct({ courseId: liveSessions.courseId })
    .from(liveSessionAttendees)
    .innerJoin(liveSessions, eq(liveSessions.id, liveSessionAttendees.sessionId))
    .where(
      and(
        eq(liveSessionAttendees.userId, userId),
        inArray(liveSessions.courseId, courseIds),
        lte(liveSessions.startTime, now),
        ne(liveSessions.status, 'cancelled'),
      ),
    );
  return new Set([...opened, ...attended].map((r) => r.courseId).filter((id): id is string => Boolean(id)));
}

/** GET /api/account/orders: the caller's paid course purchases (not team orders), newest first. */
export async function accountOrders(
  db: Queryable,
  caller: Principal,
  now = new Date(),
): Promise<AccountOrder[]> {
  const rows = await db
    .select({
      payment: payments,
      courseTitle: courses.title,
      refundedPence: sql<number>`(select coalesce(sum(${refunds.amountPence}), 0) from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} <> 'failed')::int`,
    })
    .from(payments)
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .leftJoin(teamOrders, eq(teamOrders.paymentId, payments.id))
    .where(
      and(
        eq(payments.userId, caller.id),
        eq(payments.status, 'succeeded'),
        isNull(teamOrders.id),
        // A payment of an overdue instalment belongs to its plan (the schedule in Billing), not a new order.
        sql`not exists (select 1 from ${paymentInstalments} where ${paymentInstalments.recoveryPaymentId} = ${payments.id})`,
      ),
    )
    .orderBy(desc(payments.createdAt));
  const started = await startedCourses(db, caller.id, [...new Set(rows.map((r) => r.payment.courseId))], now);
  const receipts = await receiptDetails(
    db,
    rows.map((r) => r.payment.id),
  );
  return rows.map(({ payment, courseTitle, refundedPence }) => {
    // What was paid: a monthly plan's later instalments paid with the plan's card count too.
    const paidPence = receipts.instalments
      .filter((i) => i.paymentId === payment.id && i.status === 'paid' && !i.recoveryPaymentId)
      .reduce((sum, i) => sum + i.amountPence, payment.amountPence);
    const until = new Date((payment.fulfilledAt ?? payment.createdAt).getTime() + CANCELLATION_DAYS * DAY_MS);
    const isStarted = started.has(payment.courseId);
    return {
      paymentId: payment.id,
      reference: orderReference(payment.id),
      courseId: payment.courseId,
      courseTitle,
      plan: payment.plan,
      amountPence: payment.amountPence,
      refundedPence,
      createdAt: payment.createdAt.toISOString(),
      cancellableUntil: until.toISOString(),
      started: isStarted,
      cancellable: refundedPence === 0 && !isStarted && now < until,
      status: refundedPence === 0 ? 'paid' : refundedPence >= paidPence ? 'refunded' : 'partially_refunded',
      ...receiptOf(receipts, payment),
    };
  });
}

/** The monthly plans' instalments and the VAT invoices of these payments. */
async function receiptDetails(db: Queryable, paymentIds: string[]) {
  if (paymentIds.length === 0) return { instalments: [], invoices: [], creditNotes: [], receipts: [] };
  return {
    // Downloadable like the invoices (docs/decisions/0023-plan-refund-credit-notes.md: one per invoice refunded).
    creditNotes: await db
      .select({ id: creditNotes.id, number: creditNotes.number, paymentId: refunds.paymentId })
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .where(and(inArray(refunds.paymentId, paymentIds), eq(refunds.status, 'succeeded')))
      .orderBy(asc(creditNotes.number)),
    receipts: await db
      .select({
        refundId: refunds.id,
        paymentId: refunds.paymentId,
        amountPence: refunds.amountPence,
        succeededAt: refunds.succeededAt,
      })
      .from(refunds)
      .where(
        and(
          inArray(refunds.paymentId, paymentIds),
          eq(refunds.status, 'succeeded'),
          sql`not exists (select 1 from ${creditNotes} where ${creditNotes.refundId} = ${refunds.id})`,
        ),
      )
      .orderBy(asc(refunds.succeededAt)),
    instalments: await db
      .select()
      .from(paymentInstalments)
      .where(inArray(paymentInstalments.paymentId, paymentIds))
      .orderBy(asc(paymentInstalments.sequence)),
    invoices: await db
      .select({ id: invoices.id, number: invoices.number, paymentId: invoices.paymentId })
      .from(invoices)
      .where(inArray(invoices.paymentId, paymentIds)),
  };
}

function receiptOf(
  receipts: Awaited<ReturnType<typeof receiptDetails>>,
  payment: typeof payments.$inferSelect,
): Pick<AccountOrder, 'schedule' | 'invoice' | 'creditNotes' | 'refundReceipts'> {
  const later = receipts.instalments.filter((i) => i.paymentId === payment.id);
  const invoice = receipts.invoices.find((i) => i.paymentId === payment.id);
  const first = {
    sequence: 1,
    dueAt: (payment.fulfilledAt ?? payment.createdAt).toISOString(),
    amountPence: payment.amountPence,
    status: 'paid',
  };
  return {
    schedule:
      payment.plan === 'monthly' && later.length
        ? [
            first,
            ...later.map((i) => ({
              sequence: i.sequence,
              dueAt: i.dueAt.toISOString(),
              amountPence: i.amountPence,
              status: i.status,
            })),
          ]
        : [],
    invoice: invoice ? { id: invoice.id, number: invoiceLabel(invoice.number) } : null,
    creditNotes: receipts.creditNotes
      .filter((note) => note.paymentId === payment.id)
      .map((note) => ({ id: note.id, number: creditNoteLabel(note.number) })),
    refundReceipts: receipts.receipts
      .filter((receipt) => receipt.paymentId === payment.id)
      .map((receipt) => ({
        refundId: receipt.refundId,
        amountPence: receipt.amountPence,
        refundedAt: (receipt.succeededAt ?? new Date(0)).toISOString(),
      })),
  };
}

async function ownOrder(
  db: Queryable,
  caller: Principal,
  paymentId: string,
  now: Date,
): Promise<AccountOrder> {
  const order = isUuid(paymentId)
    ? (await accountOrders(db, caller, now)).find((o) => o.paymentId === paymentId)
    : undefined;
  if (!order) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  return order;
}

/**
 * POST /api/account/orders/:paymentId/cancel: within 14 days and not started, a full refund at once and the
 * enrolment ends (a monthly plan's later instalments too). Pressing twice is the same cancellation.
 */
export async function cancelOrder(
  deps: RefundDeps,
  caller: Principal,
  paymentId: string,
  now = new Date(),
): Promise<{ refundId: string }> {
  const order = await ownOrder(deps.db, caller, paymentId, now);
  const [earlier] = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(eq(refunds.paymentId, paymentId), eq(refunds.source, 'cancellation'), ne(refunds.status, 'failed')),
    );
  if (earlier) return { refundId: earlier.id };
  if (now >= new Date(order.cancellableUntil)) {
    throw conflict(
      `The ${CANCELLATION_DAYS} days to cancel this order ended on ${order.cancellableUntil.slice(0, 10)}. You can ask for a refund instead.`,
      'CANCELLATION_PERIOD_OVER',
    );
  }
  if (order.started) {
    throw conflict(
      'You have started this course, so it can no longer be cancelled. You can ask for a refund instead.',
      'COURSE_STARTED',
    );
  }
  if (order.refundedPence > 0) {
    throw conflict('Money has already gone back on this order. Ask us about the rest.', 'ALREADY_REFUNDED');
  }
  const refund = await requestRefund(deps, {
    paymentId,
    reason: CANCELLATION_REASON,
    endAccess: true,
    source: 'cancellation',
    actor: null,
    requestedBy: caller.id,
  });
  return { refundId: refund.refundId };
}

/** POST /api/account/orders/:paymentId/refund-request: the buyer's message goes to finance by email. */
export async function askForRefund(
  db: Queryable,
  caller: Principal,
  paymentId: string,
  message: string,
): Promise<void> {
  const order = await ownOrder(db, caller, paymentId, new Date());
  const buyer = await userById(db, caller.id);
  const staff = await activeStaffWith(db, 'finance');
  for (const { email } of staff) {
    const lines = [
      `${buyer!.email} asks for a refund of order ${order.reference} (${order.courseTitle}, ${formatPrice(order.amountPence, 'pence')}, paid ${order.createdAt.slice(0, 10)}).`,
      `Their message: ${message}`,
      `Cancellable until ${order.cancellableUntil.slice(0, 10)}; started: ${order.started ? 'yes' : 'no'}. Refund it from Payments in the admin console.`,
    ];
    await enqueueEmail(db, {
      kind: 'refund_request',
      to: email,
      subject: `Refund request for order ${order.reference}`,
      ...emailBody(lines),
    });
  }
}
