import { eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { courses, invoices, teamOrders } from '#server/db/schema/index.ts';
import { can, type Principal } from '#server/lib/access-policy.ts';
import { notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { teamOrderPrice } from '#shared/schemas/teams.ts';
import { nextInvoiceNumber } from './invoice-numbers.ts';
import { type InvoiceDocument, invoiceFilename, renderInvoicePdf } from './invoice-pdf.ts';

export const INVOICE_NOT_FOUND = 'Invoice not found';

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The order's invoice, issued once: inside the caller's transaction (the order row locked by the caller), with the
 * next gap-free number. A second call returns the existing invoice.
 */
export async function issueInvoice(
  tx: Queryable,
  orderId: string,
  at: { taxPointAt: Date } = { taxPointAt: new Date() },
): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.teamOrderId, orderId));
  if (existing) return existing;
  const number = await nextInvoiceNumber(tx);
  const [row] = await tx
    .insert(invoices)
    .values({ number, teamOrderId: orderId, issuedAt: new Date(), taxPointAt: at.taxPointAt })
    .returning();
  return row!;
}

/** Everything the PDF prints, read in one query. */
async function invoiceDocument(
  db: Queryable,
  invoiceId: string,
  supplier: AppConfig['invoicing'],
): Promise<{ document: InvoiceDocument; managerUserId: string | null } | null> {
  const [row] = await db
    .select({ invoice: invoices, order: teamOrders, courseTitle: courses.title })
    .from(invoices)
    .innerJoin(teamOrders, eq(teamOrders.id, invoices.teamOrderId))
    .innerJoin(courses, eq(courses.id, teamOrders.courseId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const { invoice, order } = row;
  const price = teamOrderPrice(order.seats, order.unitPricePence, order.vatRate);
  // Reductions are stored VAT included; on the invoice they are net, and the line less them is the order's net.
  // With both, the code's line takes the rounding, so the lines always add up to the order's net.
  const tierNetPence =
    order.discountOffPence > 0
      ? Math.round((order.tierOffPence * 100) / (100 + order.vatRate))
      : price.netPence - order.netPence;
  const reductions = [
    order.tierOffPence > 0
      ? { label: `Team price: ${order.tierPercent}% off ${order.seats} seats`, netPence: tierNetPence }
      : null,
    order.discountOffPence > 0
      ? {
          label: `Discount code ${order.discountCode}`,
          netPence: price.netPence - order.netPence - tierNetPence,
        }
      : null,
  ].filter((r): r is { label: string; netPence: number } => r !== null);
  return {
    managerUserId: order.managerUserId,
    document: {
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      taxPointAt: invoice.taxPointAt,
      supplier,
      company: order.company,
      buyer: order.buyer,
      description: `${row.courseTitle}: online course seats for your team`,
      quantity: order.seats,
      unitNetPence: price.unitNetPence,
      vatRate: order.vatRate,
      lineNetPence: reductions.length ? price.netPence : order.netPence,
      reductions,
      netPence: order.netPence,
      vatPence: order.vatPence,
      amountPence: order.amountPence,
      payBy: order.payBy,
      dueAt: order.dueAt,
      paidAt: order.status === 'paid' ? order.paidAt : null,
    },
  };
}

/** The invoice (or, once paid, receipt) PDF of an order as a file to attach, inside the caller's transaction. */
export async function invoiceAttachment(tx: Queryable, invoiceId: string, supplier: AppConfig['invoicing']) {
  const found = await invoiceDocument(tx, invoiceId, supplier);
  if (!found) throw notFound(INVOICE_NOT_FOUND, 'INVOICE_NOT_FOUND');
  return {
    filename: invoiceFilename(found.document),
    contentType: 'application/pdf',
    content: await renderInvoicePdf(found.document),
  };
}

/** GET /api/invoices/:id.pdf: the order's manager or an admin; anyone else is told it does not exist. */
export async function invoicePdfFor(
  db: Queryable,
  principal: Principal,
  invoiceId: string,
  supplier: AppConfig['invoicing'],
): Promise<{ filename: string; content: Buffer }> {
  const found = isUuid(invoiceId) ? await invoiceDocument(db, invoiceId, supplier) : null;
  if (!found || !can(principal, 'invoice:read', { managerUserId: found.managerUserId })) {
    throw notFound(INVOICE_NOT_FOUND, 'INVOICE_NOT_FOUND');
  }
  return { filename: invoiceFilename(found.document), content: await renderInvoicePdf(found.document) };
}
