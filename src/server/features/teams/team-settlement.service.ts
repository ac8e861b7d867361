import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { courses, teamOrders, users } from '#server/db/schema/index.ts';
import type { PaymentSettlement } from '#server/features/checkout/index.ts';
import { invoiceAttachment, issueInvoice } from '#server/features/invoices/index.ts';
import { enqueueEmailWithAttachments } from '#server/lib/mail/attachments.repo.ts';
import { enqueueEmail, type OutgoingEmail } from '#server/lib/mail/outbox.service.ts';
import { generatePassword, hashPassword } from '#server/lib/passwords.util.ts';
import { userByEmail } from '#server/lib/users.repo.ts';
import { TEMP_PASSWORD_TTL_DAYS } from '#shared/constants.ts';
import {
  invoiceIssuedEmail,
  managerAddedEmail,
  managerCredentialsEmail,
  type OrderMail,
  receiptEmail,
} from './team.emails.ts';

export interface TeamContext {
  publicUrl: string;
  invoicing: AppConfig['invoicing'];
}

export type TeamOrderRow = typeof teamOrders.$inferSelect;

/** The team order a payment pays for, locked (the caller holds the payment row lock too). */
async function lockTeamOrderForPayment(tx: Queryable, paymentId: string): Promise<TeamOrderRow | undefined> {
  const [order] = await tx.select().from(teamOrders).where(eq(teamOrders.paymentId, paymentId)).for('update');
  return order;
}

/** A card team order whose payment was abandoned (checkout's reconciler): cancelled, if it was still pending. */
async function cancelUnpaidTeamOrder(tx: Queryable, paymentId: string): Promise<void> {
  await tx
    .update(teamOrders)
    .set({ status: 'canceled' })
    .where(and(eq(teamOrders.paymentId, paymentId), eq(teamOrders.status, 'pending')));
}

/**
 * The buyer as a team manager: a new account with a temporary password and its email, or their existing account
 * (the role is derived from the order, so nothing changes on it) and an email saying it now manages the team.
 */
async function ensureManager(tx: Queryable, order: TeamOrderRow, ctx: TeamContext): Promise<string> {
  const email = order.buyer.email.trim();
  const temporaryPassword = generatePassword(14);
  const inserted = await tx
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(temporaryPassword),
      role: 'student',
      firstName: order.buyer.firstName,
      lastName: order.buyer.lastName,
      phoneNumber: order.buyer.phoneNumber,
      company: order.company.name,
      jobTitle: order.buyer.jobTitle,
      mustChangePassword: true,
      tempPasswordExpiresAt: new Date(Date.now() + TEMP_PASSWORD_TTL_DAYS * 24 * 60 * 60 * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted[0]) {
    await enqueueEmail(
      tx,
      managerCredentialsEmail({
        to: email,
        firstName: order.buyer.firstName,
        companyName: order.company.name,
        temporaryPassword,
        publicUrl: ctx.publicUrl,
      }),
    );
    return inserted[0].id;
  }
  const existing = await userByEmail(tx, email);
  await enqueueEmail(
    tx,
    managerAddedEmail({
      to: existing!.email,
      firstName: existing!.firstName ?? order.buyer.firstName,
      companyName: order.company.name,
      publicUrl: ctx.publicUrl,
    }),
  );
  return existing!.id;
}

/** The buyer's invoice or receipt email, with the document's PDF attached (as it reads now). */
async function emailWithInvoice(
  tx: Queryable,
  order: TeamOrderRow,
  invoice: { id: string; number: number },
  ctx: TeamContext,
  template: (input: OrderMail) => OutgoingEmail,
) {
  const [course] = await tx
    .select({ title: courses.title })
    .from(courses)
    .where(eq(courses.id, order.courseId));
  await enqueueEmailWithAttachments(
    tx,
    template({
      to: order.buyer.email,
      firstName: order.buyer.firstName,
      number: invoice.number,
      amountPence: order.amountPence,
      courseTitle: course?.title ?? '',
      seats: order.seats,
      publicUrl: ctx.publicUrl,
    }),
    [await invoiceAttachment(tx, invoice.id, ctx.invoicing)],
  );
}

/**
 * An invoice order placed (order row just inserted by the caller's transaction): the buyer becomes its manager,
 * the invoice is issued and emailed with the PDF attached.
 */
export async function placeInvoiceOrder(tx: Queryable, order: TeamOrderRow, ctx: TeamContext) {
  const managerUserId = order.managerUserId ?? (await ensureManager(tx, order, ctx));
  await tx.update(teamOrders).set({ managerUserId }).where(eq(teamOrders.id, order.id));
  const invoice = await issueInvoice(tx, order.id);
  await emailWithInvoice(tx, order, invoice, ctx, invoiceIssuedEmail);
  return { managerUserId, invoice };
}

/**
 * Marks a locked order paid, exactly once (a paid order is returned unchanged): card orders make the buyer a
 * manager and get their invoice now (tax point = payment); a top-up adds its seats to its order; the receipt is
 * emailed with the PDF attached. Runs in the caller's transaction (settleIntent or the admin's mark-paid).
 */
export async function markTeamOrderPaid(
  tx: Queryable,
  order: TeamOrderRow,
  ctx: TeamContext,
): Promise<{ managerUserId: string; changed: boolean }> {
  if (order.status === 'paid') return { managerUserId: order.managerUserId ?? '', changed: false };
  const paidAt = new Date();
  const managerUserId = order.managerUserId ?? (await ensureManager(tx, order, ctx));
  await tx
    .update(teamOrders)
    .set({ status: 'paid', paidAt, managerUserId })
    .where(eq(teamOrders.id, order.id));
  if (order.parentOrderId) {
    await tx
      .update(teamOrders)
      .set({ extraSeats: sql`${teamOrders.extraSeats} + ${order.seats}` })
      .where(eq(teamOrders.id, order.parentOrderId));
  }
  const invoice = await issueInvoice(tx, order.id, { taxPointAt: paidAt });
  await emailWithInvoice(tx, order, invoice, ctx, receiptEmail);
  return { managerUserId, changed: true };
}

/**
 * Checkout's settlement for team order payments (features/checkout/settlement.handler.ts): the order paid by the payment is
 * locked and marked paid, and its manager owns the payment; an abandoned payment cancels its pending order.
 */
export function teamOrderSettlement(ctx: TeamContext): PaymentSettlement {
  return {
    async settle(tx, paymentId) {
      const order = await lockTeamOrderForPayment(tx, paymentId);
      if (!order) return null;
      const { managerUserId } = await markTeamOrderPaid(tx, order, ctx);
      return { userId: managerUserId };
    },
    abandon: cancelUnpaidTeamOrder,
  };
}
