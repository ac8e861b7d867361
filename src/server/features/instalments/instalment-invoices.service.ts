import { eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { courses, type paymentInstalments, payments } from '#server/db/schema/index.ts';
import { invoiceAttachment, issueInstalmentInvoice } from '#server/features/invoices/index.ts';
import { enqueueEmailWithAttachments } from '#server/lib/mail/attachments.repo.ts';
import { emailBody } from '#server/lib/mail/templates.emails.ts';
import { orderReference } from '#shared/consent.ts';
import { formatDate, formatPrice } from '#shared/format.ts';
import { invoiceLabel } from '#shared/schemas/teams.ts';

// A monthly plan's later instalments, once paid, each get their own VAT invoice when the supplier is VAT registered
// (README 'Failed instalments'; docs/product.md#invoices-and-receipts): issued in the transaction that marks the
// instalment paid (which happens once), unique per instalment in the database, and emailed with the PDF.

/** Where the invoice is issued and the email points: null when VAT invoices are not wanted (no VAT_NUMBER). */
export interface InstalmentInvoicing {
  invoicing: AppConfig['invoicing'];
  publicUrl: string;
}

export async function invoicePaidInstalment(
  tx: Queryable,
  instalment: typeof paymentInstalments.$inferSelect,
  ctx: InstalmentInvoicing | null,
  paidAt: Date,
): Promise<void> {
  if (!ctx?.invoicing.vatNumber) return;
  const invoice = await issueInstalmentInvoice(tx, instalment.id, ctx.invoicing.vatRate, paidAt);
  const [plan] = await tx
    .select({ id: payments.id, email: payments.email, courseTitle: courses.title })
    .from(payments)
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(eq(payments.id, instalment.paymentId));
  if (!plan?.email) return;
  const label = invoiceLabel(invoice.number);
  const amount = formatPrice(instalment.amountPence, 'pence');
  const lines = [
    `Thank you: we have received payment ${instalment.sequence} of your monthly plan for ${plan.courseTitle}, ${amount}, on ${formatDate(paidAt)}.`,
    `Order reference: ${orderReference(plan.id)}. Your VAT invoice ${label} is attached, and is also in Billing on your account page: ${ctx.publicUrl}/account`,
  ];
  await enqueueEmailWithAttachments(
    tx,
    {
      kind: 'instalment_receipt',
      to: plan.email,
      subject: `Payment received: ${plan.courseTitle} (VAT invoice ${label})`,
      ...emailBody(lines, { href: `${ctx.publicUrl}/account`, label: 'Open Billing' }),
    },
    [await invoiceAttachment(tx, invoice.id, ctx.invoicing)],
  );
}
