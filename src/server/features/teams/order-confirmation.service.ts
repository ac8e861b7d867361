import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { courses, teamOrders } from '#server/db/schema/index.ts';
import type { CheckoutDeps } from '#server/features/checkout/index.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { randomToken, sha256Hex } from '#server/lib/tokens.util.ts';
import { INVOICE_PAYMENT_TERMS_DAYS, type PendingTeamOrder } from '#shared/schemas/teams.ts';
import { confirmOrderEmail } from './team.emails.ts';
import { placeInvoiceOrder } from './team-settlement.service.ts';

// An invoice order placed for someone's email waits for them (docs/team-seats.md "Buying"): until the owner of
// the address follows the single-use link, nothing exists but the order row and that one email: no account, no
// manager role, no invoice number. Unconfirmed orders are removed after CONFIRM_WINDOW_MS.

export const CONFIRM_WINDOW_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const LINK_INVALID = 'This confirmation link is unknown or has expired';

type OrderValues = Omit<typeof teamOrders.$inferInsert, 'status'>;

/** Inserts the unconfirmed order and queues the confirmation email, in one transaction. */
export async function placeUnconfirmedOrder(
  deps: CheckoutDeps,
  values: OrderValues,
  courseTitle: string,
  /** Whatever else is held for the order in its transaction (a discount code's use). */
  link?: (tx: Queryable, owner: { teamOrderId: string }) => Promise<void>,
): Promise<string> {
  const token = randomToken();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teamOrders)
      .values({
        ...values,
        managerUserId: null,
        status: 'unconfirmed',
        confirmTokenHash: sha256Hex(token),
        confirmExpiresAt: new Date(Date.now() + CONFIRM_WINDOW_MS),
      })
      .returning({ id: teamOrders.id });
    await link?.(tx, { teamOrderId: row!.id });
    await enqueueEmail(
      tx,
      confirmOrderEmail({
        to: values.buyer.email.trim(),
        firstName: values.buyer.firstName,
        companyName: values.company.name,
        courseTitle,
        seats: values.seats,
        amountPence: values.amountPence,
        confirmUrl: `${deps.publicUrl}/team-orders/confirm?token=${encodeURIComponent(token)}`,
      }),
    );
    return row!.id;
  });
}

/** What the confirmation page shows before the owner confirms (the token is the only key). */
export async function pendingOrder(db: Db, token: string): Promise<PendingTeamOrder> {
  const [row] = await db
    .select({ order: teamOrders, courseTitle: courses.title })
    .from(teamOrders)
    .innerJoin(courses, eq(courses.id, teamOrders.courseId))
    .where(eq(teamOrders.confirmTokenHash, sha256Hex(token)));
  if (!row || (row.order.status === 'unconfirmed' && expired(row.order.confirmExpiresAt))) {
    throw notFound(LINK_INVALID, 'CONFIRMATION_INVALID');
  }
  const { order } = row;
  return {
    orderId: order.id,
    confirmed: order.status !== 'unconfirmed',
    courseTitle: row.courseTitle,
    seats: order.seats,
    amountPence: order.amountPence,
    vatPence: order.vatPence,
    companyName: order.company.name,
    buyerEmail: order.buyer.email,
  };
}

const expired = (at: Date | null) => !at || at.getTime() <= Date.now();

/**
 * POST /api/team-orders/confirm: the owner of the email agrees. One statement moves the order out of
 * 'unconfirmed', so of two concurrent confirmations one places the order (manager, invoice number, invoice email)
 * and the other finds it already confirmed (409).
 */
export async function confirmTeamOrder(
  deps: CheckoutDeps,
  token: string,
): Promise<{ orderId: string; status: 'awaiting_payment' }> {
  const hash = sha256Hex(token);
  const placed = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .update(teamOrders)
      .set({
        status: 'awaiting_payment',
        confirmExpiresAt: null,
        dueAt: new Date(Date.now() + INVOICE_PAYMENT_TERMS_DAYS * DAY_MS),
      })
      .where(
        and(
          eq(teamOrders.confirmTokenHash, hash),
          eq(teamOrders.status, 'unconfirmed'),
          sql`${teamOrders.confirmExpiresAt} > now()`,
        ),
      )
      .returning();
    if (!order) return null;
    await placeInvoiceOrder(tx, order, { publicUrl: deps.publicUrl, invoicing: deps.invoicing });
    return order.id;
  });
  if (placed) return { orderId: placed, status: 'awaiting_payment' };
  const [used] = await deps.db
    .select({ status: teamOrders.status })
    .from(teamOrders)
    .where(eq(teamOrders.confirmTokenHash, hash));
  if (used && used.status !== 'unconfirmed') {
    throw conflict('This order has already been confirmed', 'ORDER_ALREADY_CONFIRMED');
  }
  throw notFound(LINK_INVALID, 'CONFIRMATION_INVALID');
}

/** The worker's sweep: unconfirmed orders past their window go, with no invoice number ever used. */
export async function removeExpiredOrders(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(teamOrders)
    .where(and(eq(teamOrders.status, 'unconfirmed'), lt(teamOrders.confirmExpiresAt, now)))
    .returning({ id: teamOrders.id });
  return removed.length;
}
