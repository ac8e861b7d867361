import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { creditNotes } from '#server/db/schema/index.ts';
import { nextInvoiceNumber } from '#server/features/invoices/index.ts';
import { creditNoteLabel } from '#shared/schemas/refunds.ts';
import { vatOfGross } from '#shared/vat.ts';
import { type CreditableInvoice, creditableInvoices } from './credit-notes.repo.ts';
import { partsOf } from './refund-parts.repo.ts';
import type { RefundRow } from './refunds.repo.ts';

// Credit notes (HMRC VAT manual VATREC13040, VAT Notice 700 §18.2.3;
// docs/product.md#refunds-cancellations-and-credit-notes): a refund against an invoiced order gets one per invoice it
// corrects, numbered in their own gap-free series (CN-000001), from the 'credit_note' counter in the transaction that
// confirms the refund; the database refuses a gap, a second note of one refund against one invoice, and a note that
// would credit more than is left of its invoice. A monthly plan's refund is spread over the invoices of the charges it
// gave money back on, newest first (docs/decisions/0023-plan-refund-credit-notes.md).

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
 * How much of the refund each invoice is credited with: first what went back on the invoice's own charge (the
 * refund's succeeded parts), so that when a provider fails one part the notes credit the invoices of the charges
 * that were refunded; then whatever is left, newest invoice first. Never more than is left of an invoice.
 */
async function creditShares(tx: Queryable, refund: RefundRow, invoices: CreditableInvoice[]) {
  const back = new Map<string | null, number>();
  for (const part of await partsOf(tx, refund.id)) {
    if (part.status === 'succeeded')
      back.set(part.instalmentId, (back.get(part.instalmentId) ?? 0) + part.amountPence);
  }
  const share = new Map<string, number>();
  let left = refund.amountPence;
  const take = (invoice: CreditableInvoice, most: number) => {
    const room = invoice.grossPence - invoice.creditedPence - (share.get(invoice.invoiceId) ?? 0);
    const amount = Math.max(0, Math.min(room, most, left));
    share.set(invoice.invoiceId, (share.get(invoice.invoiceId) ?? 0) + amount);
    left -= amount;
    return amount;
  };
  for (const invoice of invoices) {
    const own = back.get(invoice.instalmentId) ?? 0;
    back.set(invoice.instalmentId, own - take(invoice, own));
  }
  for (const invoice of invoices) take(invoice, left);
  return share;
}

/**
 * Issues the refund's credit notes, inside the transaction that confirms it (the caller holds the payment row's
 * lock, so refunds of one payment are credited one at a time), one per invoice it credits (creditShares), in the
 * invoices' order: newest first. An order without a VAT invoice gets none (a refund receipt instead); a part of the
 * refund no invoice has room for is credited nowhere.
 */
export async function issueCreditNotesFor(tx: Queryable, refund: RefundRow): Promise<IssuedCreditNote[]> {
  const issued: IssuedCreditNote[] = [];
  const invoices = await creditableInvoices(tx, refund.paymentId);
  const shares = await creditShares(tx, refund, invoices);
  for (const invoice of invoices) {
    const amountPence = shares.get(invoice.invoiceId) ?? 0;
    if (amountPence <= 0) continue;
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
