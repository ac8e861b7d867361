import { eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { courses, invoices, payments, users } from '#server/db/schema/index.ts';
import { invoiceFigures } from '#shared/vat.ts';
import { issueInvoiceOnce } from './invoice-numbers.repo.ts';
import type { FoundInvoice } from './invoice-pdf.ts';

// VAT invoices for individual card purchases (docs/product.md#invoices-and-receipts): when the supplier is VAT
// registered, each course purchase gets one, from the same gap-free series as team invoices.

/** The payment's VAT invoice, issued once (issueInvoiceOnce), with the VAT rate of the day; tax point the payment. */
export function issuePurchaseInvoice(tx: Queryable, paymentId: string, vatRate: number, taxPointAt: Date) {
  return issueInvoiceOnce(tx, { paymentId, vatRate }, taxPointAt);
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
      course: { title: courses.title, instalments: courses.instalments },
      user: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .leftJoin(users, eq(users.id, payments.userId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const { invoice, payment } = row;
  const vatRate = invoice.vatRate ?? 0;
  const figures = invoiceFigures(1, payment.amountPence, vatRate);
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
      issuedAt: invoice.issuedAt,
      taxPointAt: invoice.taxPointAt,
      supplier,
      customer: [name, data.company ?? null, payment.email].filter((line): line is string => Boolean(line)),
      description: monthly
        ? `${row.course.title}: online course, monthly plan (payment 1 of ${row.course.instalments})`
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
      paidAt: payment.fulfilledAt ?? invoice.taxPointAt,
    },
  };
}
