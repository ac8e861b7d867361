import { eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { type courses, type payments, teamOrders, users } from '#server/db/schema/index.ts';
import { issuePurchaseInvoice } from '#server/features/invoices/index.ts';
import { orderConfirmationParagraphs } from '#server/lib/mail/templates.emails.ts';
import { CANCELLATION_DAYS, IMMEDIATE_ACCESS_CONSENT, orderReference } from '#shared/consent.ts';
import { formatDate, formatPrice } from '#shared/format.ts';
import type { PurchaseOutcome } from '#shared/schemas/checkout.ts';
import { invoiceLabel } from '#shared/schemas/teams.ts';

// The buyer's receipt (docs/product.md#invoices-and-receipts): the order reference, the amount and a monthly plan's
// schedule, in the purchase's email, with the VAT invoice's number when the supplier is VAT registered.

type PaymentRow = typeof payments.$inferSelect;
type CourseRow = typeof courses.$inferSelect;
interface ReceiptDeps {
  invoicing: AppConfig['invoicing'];
  publicUrl: string;
}

/** A monthly plan's later instalments: one a month after `from`, on the same day of the month. */
export function instalmentDueDates(from: Date, remaining: number): Date[] {
  return Array.from({ length: remaining }, (_, i) => {
    const dueAt = new Date(from);
    dueAt.setUTCMonth(dueAt.getUTCMonth() + i + 1);
    return dueAt;
  });
}

/** The VAT invoice of an individual purchase, when the supplier is VAT registered; in the settling transaction. */
export async function invoicePurchase(deps: ReceiptDeps, tx: Queryable, payment: PaymentRow, paidAt: Date) {
  if (!deps.invoicing.vatNumber) return null;
  return issuePurchaseInvoice(tx, payment.id, deps.invoicing.vatRate, paidAt);
}

/** The purchase's order, schedule, consent and cancellation terms, for the welcome or receipt email. */
export function purchaseConfirmation(
  deps: ReceiptDeps,
  payment: PaymentRow,
  course: CourseRow | null,
  extra: { paidAt: Date; invoiceNumber: number | null },
): string[] {
  const monthly = payment.plan === 'monthly' && course && course.instalments > 1;
  const each = formatPrice(payment.amountPence, 'pence');
  const dates = monthly ? instalmentDueDates(extra.paidAt, course.instalments - 1).map(formatDate) : [];
  return orderConfirmationParagraphs({
    orderReference: orderReference(payment.id),
    courseTitle: course?.title ?? '',
    amount: each,
    schedule: monthly
      ? `the first of ${course.instalments} monthly payments of ${each}; the others are due on ${dates.join(', ')}`
      : null,
    invoiceNumber: extra.invoiceNumber === null ? null : invoiceLabel(extra.invoiceNumber),
    consent: payment.consent
      ? { wording: IMMEDIATE_ACCESS_CONSENT.wording, at: new Date(payment.consent.at) }
      : null,
    supplier: deps.invoicing,
    accountUrl: `${deps.publicUrl}/account`,
    cancellationDays: CANCELLATION_DAYS,
  });
}

/**
 * A fulfilled payment's outcome, asked again (the success page reloaded, a second confirmation): a team order's, or
 * a new account when the account was made after the payment started (by its settlement), else an existing one.
 */
export async function purchaseOutcome(tx: Queryable, payment: PaymentRow): Promise<PurchaseOutcome | null> {
  const [team] = await tx
    .select({ id: teamOrders.id })
    .from(teamOrders)
    .where(eq(teamOrders.paymentId, payment.id));
  if (team) return 'team_order';
  if (!payment.userId) return null;
  const [user] = await tx
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, payment.userId));
  if (!user) return null;
  return user.createdAt >= payment.createdAt ? 'new_account' : 'existing_account';
}
