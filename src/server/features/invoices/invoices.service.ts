import { eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { courses, invoices, teamOrders } from '#server/db/schema/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { invoiceFigures } from '#shared/vat.ts';
import { issueInvoiceOnce } from './invoice-numbers.repo.ts';
import { type FoundInvoice, invoiceFilename, renderInvoicePdf } from './invoice-pdf.presenter.ts';
import { purchaseInvoiceDocument } from './purchase-invoices.service.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found';

type InvoiceRow = typeof invoices.$inferSelect;

/** The order's invoice, issued once (issueInvoiceOnce), its tax point the payment or the order's confirmation. */
export function issueInvoice(
  tx: Queryable,
  orderId: string,
  at: { taxPointAt: Date } = { taxPointAt: new Date() },
): Promise<InvoiceRow> {
  return issueInvoiceOnce(tx, { teamOrderId: orderId }, at.taxPointAt);
}

/** Everything a team order's PDF prints, read in one query. */
async function teamInvoiceDocument(
  db: Queryable,
  invoiceId: string,
  supplier: AppConfig['invoicing'],
): Promise<FoundInvoice | null> {
  const [row] = await db
    .select({ invoice: invoices, order: teamOrders, courseTitle: courses.title })
    .from(invoices)
    .innerJoin(teamOrders, eq(teamOrders.id, invoices.teamOrderId))
    .innerJoin(courses, eq(courses.id, teamOrders.courseId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const { invoice, order } = row;
  // VAT per seat and per reduction (src/shared/vat.ts): seats × unit = the line's net, the line less the
  // reductions = the order's net, and net + VAT = what was charged.
  const figures = invoiceFigures(order.seats, order.unitPricePence, order.vatRate, [
    order.tierOffPence,
    order.discountOffPence,
  ]);
  const [tier, code] = figures.reductions;
  const reductions = [
    order.tierOffPence > 0
      ? { label: `Team price: ${order.tierPercent}% off ${order.seats} seats`, netPence: tier!.netPence }
      : null,
    order.discountOffPence > 0
      ? { label: `Discount code ${order.discountCode}`, netPence: code!.netPence }
      : null,
  ].filter((r): r is { label: string; netPence: number } => r !== null);
  const c = order.company;
  return {
    reader: { managerUserId: order.managerUserId },
    document: {
      kind: 'team',
      number: invoice.number,
      orderReference: null,
      issuedAt: invoice.issuedAt,
      taxPointAt: invoice.taxPointAt,
      supplier,
      customer: [
        c.name,
        c.addressLine1,
        c.city,
        c.postcode,
        `For the attention of ${order.buyer.firstName} ${order.buyer.lastName}`,
        c.vatNumber ? `Customer VAT number: ${c.vatNumber}` : null,
        c.poNumber ? `Purchase order: ${c.poNumber}` : null,
      ].filter((line): line is string => Boolean(line)),
      description: `${row.courseTitle}: online course seats for your team`,
      quantity: order.seats,
      unitNetPence: figures.unitNetPence,
      vatRate: order.vatRate,
      lineNetPence: figures.line.netPence,
      reductions,
      netPence: figures.total.netPence,
      vatPence: figures.total.vatPence,
      amountPence: figures.total.grossPence,
      payBy: order.payBy,
      dueAt: order.dueAt,
      paidAt: order.status === 'paid' ? order.paidAt : null,
    },
  };
}

async function invoiceDocument(db: Queryable, invoiceId: string, supplier: AppConfig['invoicing']) {
  return (
    (await teamInvoiceDocument(db, invoiceId, supplier)) ??
    (await purchaseInvoiceDocument(db, invoiceId, supplier))
  );
}

/** The invoice (or, once paid, receipt) PDF as a file to attach, inside the caller's transaction. */
export async function invoiceAttachment(tx: Queryable, invoiceId: string, supplier: AppConfig['invoicing']) {
  const found = await invoiceDocument(tx, invoiceId, supplier);
  if (!found) throw notFound(INVOICE_NOT_FOUND, 'INVOICE_NOT_FOUND');
  return {
    filename: invoiceFilename(found.document),
    contentType: 'application/pdf',
    content: await renderInvoicePdf(found.document),
  };
}

/**
 * GET /api/invoices/:id.pdf: the team order's manager, or the buyer of an individual purchase, finance or an admin;
 * anyone else is told it does not exist.
 */
export async function invoicePdfFor(
  db: Queryable,
  principal: Principal,
  invoiceId: string,
  supplier: AppConfig['invoicing'],
): Promise<{ filename: string; content: Buffer }> {
  const found = isUuid(invoiceId) ? await invoiceDocument(db, invoiceId, supplier) : null;
  if (!found || !can(principal, 'invoice:read', found.reader)) {
    throw notFound(INVOICE_NOT_FOUND, 'INVOICE_NOT_FOUND');
  }
  return { filename: invoiceFilename(found.document), content: await renderInvoicePdf(found.document) };
}
