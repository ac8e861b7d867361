import { asc, eq, isNotNull } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import {
  creditNotes,
  invoices,
  paymentInstalments,
  payments,
  refunds,
  teamOrders,
} from '#server/db/schema/index.ts';
import { toCsv } from '#server/lib/csv.util.ts';
import { orderReference } from '#shared/consent.ts';
import { penceToDecimal } from '#shared/format.ts';
import { creditNoteLabel } from '#shared/schemas/refunds.ts';
import { invoiceLabel } from '#shared/schemas/teams.ts';
import { vatOfGross } from '#shared/vat.ts';

// The accountant's export (docs/product.md#refunds-cancellations-and-credit-notes): one row per money event, oldest
// first. Money in (card payments, paid instalments, invoices paid by transfer) and documents (invoices, credit
// notes) and money out (refunds); amounts are positive, the type says which way.

interface LedgerRow {
  at: Date;
  type: string;
  document: string;
  customer: string;
  netPence: number;
  vatPence: number;
  grossPence: number;
  method: string;
  providerReference: string;
}

const HEADER = [
  'date',
  'type',
  'document number',
  'customer',
  'net',
  'VAT',
  'gross',
  'method',
  'provider reference',
];

export async function ledgerCsv(db: Queryable, invoicing: AppConfig['invoicing']): Promise<string> {
  const rate = invoicing.vatNumber ? invoicing.vatRate : 0;
  const split = (gross: number, vat = vatOfGross(gross, rate)) => ({
    netPence: gross - vat,
    vatPence: vat,
    grossPence: gross,
  });
  const rows: LedgerRow[] = [];
  // A buyer's payment of an overdue instalment (docs/product.md#failed-instalments) is that instalment's money
  // event: listed once, as the instalment, with the payment's provider reference.
  const instalments = await db
    .select({ instalment: paymentInstalments, email: payments.email })
    .from(paymentInstalments)
    .innerJoin(payments, eq(payments.id, paymentInstalments.paymentId))
    .where(eq(paymentInstalments.status, 'paid'));
  const recoveries = new Set(instalments.map((r) => r.instalment.recoveryPaymentId).filter(Boolean));
  const recoveryIntents = new Map<string, string>();
  const paid = await db
    .select({ payment: payments, order: teamOrders })
    .from(payments)
    .leftJoin(teamOrders, eq(teamOrders.paymentId, payments.id))
    .where(isNotNull(payments.fulfilledAt));
  for (const { payment, order } of paid) {
    if (recoveries.has(payment.id)) {
      recoveryIntents.set(payment.id, payment.providerIntentId ?? '');
      continue;
    }
    rows.push({
      at: payment.fulfilledAt!,
      type: order ? 'team order payment' : payment.plan === 'monthly' ? 'first instalment' : 'course payment',
      document: orderReference(payment.id),
      customer: order ? order.company.name : payment.email,
      ...(order
        ? { netPence: order.netPence, vatPence: order.vatPence, grossPence: order.amountPence }
        : split(payment.amountPence)),
      method: 'card',
      providerReference: payment.providerIntentId ?? '',
    });
  }
  for (const { instalment, email } of instalments) {
    const recovery = instalment.recoveryPaymentId
      ? recoveryIntents.get(instalment.recoveryPaymentId)
      : undefined;
    rows.push({
      at: instalment.paidAt ?? instalment.dueAt,
      type:
        recovery !== undefined
          ? `instalment ${instalment.sequence} (paid overdue)`
          : `instalment ${instalment.sequence}`,
      document: orderReference(instalment.paymentId),
      customer: email,
      ...split(instalment.amountPence),
      method: 'card',
      providerReference: recovery ?? instalment.providerReference ?? '',
    });
  }
  const issued = await db
    .select({ invoice: invoices, order: teamOrders })
    .from(invoices)
    .innerJoin(teamOrders, eq(teamOrders.id, invoices.teamOrderId));
  for (const { invoice, order } of issued) {
    const money = { netPence: order.netPence, vatPence: order.vatPence, grossPence: order.amountPence };
    rows.push({
      at: invoice.issuedAt,
      type: 'invoice',
      document: invoiceLabel(invoice.number),
      customer: order.company.name,
      ...money,
      method: order.payBy,
      providerReference: '',
    });
    if (order.payBy === 'invoice' && order.status === 'paid' && order.paidAt) {
      rows.push({
        at: order.paidAt,
        type: 'invoice payment',
        document: invoiceLabel(invoice.number),
        customer: order.company.name,
        ...money,
        method: 'bank transfer',
        providerReference: '',
      });
    }
  }
  // Individual purchases' VAT invoices (docs/product.md#invoices-and-receipts): the same series, paid by card.
  const purchaseInvoices = await db
    .select({ invoice: invoices, payment: payments })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId));
  for (const { invoice, payment } of purchaseInvoices) {
    rows.push({
      at: invoice.issuedAt,
      type: 'invoice',
      document: invoiceLabel(invoice.number),
      customer: payment.email,
      ...split(payment.amountPence, vatOfGross(payment.amountPence, invoice.vatRate ?? 0)),
      method: 'card',
      providerReference: payment.providerIntentId ?? '',
    });
  }
  // A monthly plan's later instalments' VAT invoices (README 'Failed instalments'): one each, once paid.
  const instalmentInvoices = await db
    .select({ invoice: invoices, instalment: paymentInstalments, email: payments.email })
    .from(invoices)
    .innerJoin(paymentInstalments, eq(paymentInstalments.id, invoices.instalmentId))
    .innerJoin(payments, eq(payments.id, paymentInstalments.paymentId));
  for (const { invoice, instalment, email } of instalmentInvoices) {
    rows.push({
      at: invoice.issuedAt,
      type: 'invoice',
      document: invoiceLabel(invoice.number),
      customer: email,
      ...split(instalment.amountPence, vatOfGross(instalment.amountPence, invoice.vatRate ?? 0)),
      method: 'card',
      providerReference: instalment.providerReference ?? '',
    });
  }
  const back = await db
    .select({ refund: refunds, payment: payments, order: teamOrders })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(teamOrders, eq(teamOrders.paymentId, payments.id))
    .where(eq(refunds.status, 'succeeded'));
  // A refund may credit several invoices (a monthly plan's, docs/decisions/0023-plan-refund-credit-notes.md): a
  // row per credit note, and one for the money going back, with the VAT its notes credited.
  const notes = await db
    .select()
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(eq(refunds.status, 'succeeded'))
    .orderBy(asc(creditNotes.number));
  const notesOf = new Map<string, (typeof creditNotes.$inferSelect)[]>();
  for (const { credit_notes: note } of notes) {
    notesOf.set(note.refundId, [...(notesOf.get(note.refundId) ?? []), note]);
  }
  for (const { refund, payment, order } of back) {
    const customer = order ? order.company.name : payment.email;
    const credited = notesOf.get(refund.id) ?? [];
    for (const note of credited) {
      rows.push({
        at: note.issuedAt,
        type: 'credit note',
        document: creditNoteLabel(note.number),
        customer,
        ...split(note.amountPence, note.vatPence),
        method: 'card',
        providerReference: '',
      });
    }
    const money = credited.length
      ? split(
          refund.amountPence,
          credited.reduce((sum, note) => sum + note.vatPence, 0),
        )
      : split(refund.amountPence);
    rows.push({
      at: refund.succeededAt ?? refund.createdAt,
      type: refund.source === 'cancellation' ? 'refund (cancellation)' : 'refund',
      document: credited.length
        ? credited.map((note) => creditNoteLabel(note.number)).join(' ')
        : orderReference(payment.id),
      customer,
      ...money,
      method: 'card',
      providerReference: refund.providerRefundId ?? '',
    });
  }
  rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  return toCsv(
    HEADER,
    rows.map((r) => [
      r.at.toISOString(),
      r.type,
      r.document,
      r.customer,
      penceToDecimal(r.netPence),
      penceToDecimal(r.vatPence),
      penceToDecimal(r.grossPence),
      r.method,
      r.providerReference,
    ]),
  );
}
