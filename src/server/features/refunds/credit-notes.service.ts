import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { creditNotes } from '#server/db/schema/index.ts';
import { nextInvoiceNumber } from '#server/features/invoices/index.ts';
import { creditNoteLabel } from '#shared/schemas/refunds.ts';
import { vatOfGross } from '#shared/vat.ts';
import { type CreditableInvoice, creditableInvoices } from './credit-notes.repo.ts';
import type { RefundRow } from './refunds.repo.ts';

// Credit notes (HMRC VAT manual VATREC13040, VAT Notice 700 §18.2.3;
// docs/product.md#refunds-cancellations-and-credit-notes): a refund against an invoiced order gets one per invoice it
// corrects, numbered in their own gap-free series (CN-000001), from the 'credit_note' counter in the transaction that
// confirms the refund; the database refuses a gap, a second note of one refund against one invoice, and a note that
// would credit more than is left of its invoice. A monthly plan's refund is spread over its invoices newest first
// (docs/decisions/0023-plan-refund-credit-notes.md).

export interface IssuedCreditNote {
  id: string;
  number: number;
}

/**
 * The VAT credited with `amountPence` of an invoice: worked out on everything credited so far, less the VAT earlier
 * notes credited, so the notes of one invoice add up to the VAT of their total, and crediting all of it credits
 * exactly the invoice's VAT (VAT Notice 700 §17: one rounding, not one per note).
 */
function creditedVat(invoice: CreditableInvoice, amountPence: number): number {
  const after = invoice.creditedPence + amountPence;
  const left = invoice.vatPence - invoice.creditedVatPence;
  if (after >= invoice.grossPence) return left;
  return Math.max(0, Math.min(left, vatOfGross(after, invoice.vatRate) - invoice.creditedVatPence));
}

/**
 * Issues the refund's credit notes, inside the transaction that confirms it (the caller holds the payment row's
 * lock, so refunds of one payment are credited one at a time): the refund's amount is taken from the payment's
 * invoices newest first, never more than is left of each. An order without a VAT invoice gets none (a refund
 * receipt instead); a part of the refund no invoice has room for is credited nowhere.
 */
export async function issueCreditNotesFor(tx: Queryable, refund: RefundRow): Promise<IssuedCreditNote[]> {
  const issued: IssuedCreditNote[] = [];
  let left = refund.amountPence;
  for (const invoice of await creditableInvoices(tx, refund.paymentId)) {
    if (left <= 0) break;
    const amountPence = Math.min(left, invoice.grossPence - invoice.creditedPence);
    if (amountPence <= 0) continue;
    left -= amountPence;
    const vatPence = creditedVat(invoice, amountPence);
    const number = await nextInvoiceNumber(tx, 'credit_note');
    const [note] = await tx
      .insert(creditNotes)
      .values({
        number,
        refundId: refund.id,
        invoiceId: invoice.invoiceId,
        teamOrderId: invoice.teamOrderId,
        reason: refund.reason,
        netPence: amountPence - vatPence,
        vatPence,
        amountPence,
      })
      .returning({ id: creditNotes.id, number: creditNotes.number });
    issued.push(note!);
  }
  return issued;
}

/** The refund's credit notes as the API names them, in number order (the first is the main one). */
export async function creditNoteRefsOf(db: Queryable, refundId: string) {
  const notes = await db
    .select({ id: creditNotes.id, number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refundId))
    .orderBy(asc(creditNotes.number));
  return notes.map((note) => ({ id: note.id, number: creditNoteLabel(note.number) }));
}
