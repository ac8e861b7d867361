import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { creditNotes, invoices, paymentInstalments, payments, teamOrders } from '#server/db/schema/index.ts';
import { invoiceFigures } from '#shared/vat.ts';

// The invoices a refund corrects, and what is left of each to credit (docs/decisions/0023-plan-refund-credit-notes.md).

/** A VAT invoice a refund of the payment can credit, with what its credit notes have taken so far. */
export interface CreditableInvoice {
  invoiceId: string;
  teamOrderId: string | null;
  /** A monthly plan's payment number (1: the first payment), for the credit note's line; null otherwise. */
  sequence: number | null;
  /** The later instalment whose charge the invoice is for; null for the payment's own charge (refund_parts alike). */
  instalmentId: string | null;
  vatRate: number;
  grossPence: number;
  /** The invoice's own VAT, so that crediting all of it credits exactly that VAT. */
  vatPence: number;
  creditedPence: number;
  creditedVatPence: number;
}

/**
 * Instalments whose money came with the plan's own payment method: paid, and not paid by the buyer's own payment of
 * the overdue amount (that payment is refunded, and credits the instalment's invoice, on its own).
 */
export const paidThroughPlan = and(
  eq(paymentInstalments.status, 'paid'),
  or(
    isNull(paymentInstalments.recoveryPaymentId),
    sql`not exists (select 1 from ${payments} r where r.id = ${paymentInstalments.recoveryPaymentId} and r.status = 'succeeded')`,
  ),
);

const purchaseVat = (grossPence: number, vatRate: number) =>
  invoiceFigures(1, grossPence, vatRate).total.vatPence;

/**
 * The payment's invoices in the order a refund takes from them: a monthly plan's latest paid instalment first and its
 * first payment last; a team order's or a single purchase's one invoice; an overdue instalment the buyer paid
 * themselves, that instalment's invoice.
 */
export async function creditableInvoices(tx: Queryable, paymentId: string): Promise<CreditableInvoice[]> {
  const found: Omit<CreditableInvoice, 'creditedPence' | 'creditedVatPence'>[] = [];
  const [team] = await tx
    .select({ invoiceId: invoices.id, order: teamOrders })
    .from(invoices)
    .innerJoin(teamOrders, eq(teamOrders.id, invoices.teamOrderId))
    .where(eq(teamOrders.paymentId, paymentId));
  if (team) {
    const { order } = team;
    found.push({
      invoiceId: team.invoiceId,
      teamOrderId: order.id,
      sequence: null,
      instalmentId: null,
      vatRate: order.vatRate,
      grossPence: order.amountPence,
      // The VAT the invoice prints (src/server/features/invoices/invoices.service.ts works it out the same way).
      vatPence: invoiceFigures(order.seats, order.unitPricePence, order.vatRate, [
        order.tierOffPence,
        order.discountOffPence,
      ]).total.vatPence,
    });
  }
  const later = await tx
    .select({ invoiceId: invoices.id, vatRate: invoices.vatRate, instalment: paymentInstalments })
    .from(invoices)
    .innerJoin(paymentInstalments, eq(paymentInstalments.id, invoices.instalmentId))
    .where(
      or(
        and(eq(paymentInstalments.paymentId, paymentId), paidThroughPlan),
        eq(paymentInstalments.recoveryPaymentId, paymentId),
      ),
    )
    .orderBy(desc(paymentInstalments.sequence));
  for (const { invoiceId, vatRate, instalment } of later) {
    const rate = vatRate ?? 0;
    found.push({
      invoiceId,
      teamOrderId: null,
      sequence: instalment.sequence,
      instalmentId: instalment.id,
      vatRate: rate,
      grossPence: instalment.amountPence,
      vatPence: purchaseVat(instalment.amountPence, rate),
    });
  }
  const [first] = await tx
    .select({ invoiceId: invoices.id, vatRate: invoices.vatRate, payment: payments })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(payments.id, paymentId));
  if (first) {
    const rate = first.vatRate ?? 0;
    found.push({
      invoiceId: first.invoiceId,
      teamOrderId: null,
      sequence: first.payment.plan === 'monthly' ? 1 : null,
      instalmentId: null,
      vatRate: rate,
      grossPence: first.payment.amountPence,
      vatPence: purchaseVat(first.payment.amountPence, rate),
    });
  }
  if (found.length === 0) return [];
  const credited = await tx
    .select({
      invoiceId: creditNotes.invoiceId,
      pence: sql<number>`sum(${creditNotes.amountPence})::int`,
      vat: sql<number>`sum(${creditNotes.vatPence})::int`,
    })
    .from(creditNotes)
    .where(
      inArray(
        creditNotes.invoiceId,
        found.map((f) => f.invoiceId),
      ),
    )
    .groupBy(creditNotes.invoiceId);
  const byInvoice = new Map(credited.map((c) => [c.invoiceId, c]));
  return found.map((f) => ({
    ...f,
    creditedPence: Number(byInvoice.get(f.invoiceId)?.pence ?? 0),
    creditedVatPence: Number(byInvoice.get(f.invoiceId)?.vat ?? 0),
  }));
}
