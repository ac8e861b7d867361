import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { courses, invoices, paymentInstalments, payments, users } from '#server/db/schema/index.ts';
import { orderReference } from '#shared/consent.ts';
import { invoiceFigures } from '#shared/vat.ts';
import { issueInvoiceOnce } from './invoice-numbers.repo.ts';
import type { FoundInvoice } from './invoice-pdf.presenter.ts';

// VAT invoices for individual card purchases (docs/product.md#invoices-and-receipts): when the supplier is VAT
// registered, each course purchase gets one, and each later instalment of a monthly plan its own once paid (README
// 'Failed instalments'), from the same gap-free series as team invoices.

/** The payment's VAT invoice, issued once (issueInvoiceOnce), with the VAT rate of the day; tax point the payment. */
export function issuePurchaseInvoice(tx: Queryable, paymentId: string, vatRate: number, taxPointAt: Date) {
  return issueInvoiceOnce(tx, { paymentId, vatRate }, taxPointAt);
}

/** A monthly plan's later instalment's VAT invoice, issued once when it is paid (its tax point). */
export function issueInstalmentInvoice(tx: Queryable, instalmentId: string, vatRate: number, paidAt: Date) {
  return issueInvoiceOnce(tx, { instalmentId, vatRate }, paidAt);
}

/** Everything an individual purchase's VAT invoice prints: one line, quantity 1, paid by card. */
export async function purchaseInvoiceDocument(
  db: Queryable,
  invoiceId: string,
  supplier: AppConfig['invoicing'],
): Promise<FoundInvoice | null> {
  const [row] = await db
    .select({
      invoice: invoices,
      payment: payments,
      instalment: {
        sequence: paymentInstalments.sequence,
        amountPence: paymentInstalments.amountPence,
        paidAt: paymentInstalments.paidAt,
      },
      course: { title: courses.title, instalments: courses.instalments },
      user: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(invoices)
    .leftJoin(paymentInstalments, eq(paymentInstalments.id, invoices.instalmentId))
    .innerJoin(
      payments,
      sql`${payments.id} = coalesce(${invoices.paymentId}, ${paymentInstalments.paymentId})`,
    )
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const { invoice, payment } = row;
  const vatRate = invoice.vatRate ?? 0;
  // A later instalment prints its own amount and number; the first payment is the payment itself.
  const later = row.instalment?.sequence != null ? row.instalment : null;
  const figures = invoiceFigures(1, later?.amountPence ?? payment.amountPence, vatRate);
  const data = payment.studentData;
  const name =
    [data.firstName, data.lastName].filter(Boolean).join(' ') ||
    [row.user?.firstName, row.user?.lastName].filter(Boolean).join(' ');
  const monthly = payment.plan === 'monthly' && row.course.instalments > 1;
  return {
    reader: { ownerId: payment.userId },
    document: {
      kind: 'purchase',
      number: invoice.number,
      orderReference: orderReference(payment.id),
      issuedAt: invoice.issuedAt,
      taxPointAt: invoice.taxPointAt,
      supplier,
      customer: [name, data.company ?? null, payment.email].filter((line): line is string => Boolean(line)),
      description: monthly
        ? `${row.course.title}: online course, monthly plan (payment ${later?.sequence ?? 1} of ${row.course.instalments})`
        : `${row.course.title}: online course`,
      quantity: 1,
      unitNetPence: figures.unitNetPence,
      vatRate,
      lineNetPence: figures.line.netPence,
      reductions: [],
      netPence: figures.total.netPence,
      vatPence: figures.total.vatPence,
      amountPence: figures.total.grossPence,
      payBy: 'card',
      dueAt: null,
      paidAt: (later ? later.paidAt : payment.fulfilledAt) ?? invoice.taxPointAt,
    },
  };
}
