import { eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { courses, creditNotes, invoices, payments, refunds, teamOrders } from '#server/db/schema/index.ts';
import { nextInvoiceNumber } from '#server/features/invoices/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { creditNoteLabel } from '#shared/schemas/refunds.ts';
import { invoiceLabel } from '#shared/schemas/teams.ts';
import { vatOfGross } from '#shared/vat.ts';
import { type RefundDocument, refundDocumentFilename, renderRefundDocument } from './refund-pdf.presenter.ts';
import type { RefundRow } from './refunds.repo.ts';

// Credit notes (HMRC VAT manual VATREC13040, VAT Notice 700 §18.2.3;
// docs/product.md#refunds-cancellations-and-credit-notes): a refund against an invoiced order gets one, numbered in its own gap-free series (CN-000001), from
// the 'credit_note' counter in the transaction that confirms the refund; the database refuses a gap.

export const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';

/** Issues the refund's credit note when its payment was invoiced (a team order, a VAT-invoiced purchase); else null. */
export async function issueCreditNoteFor(
  tx: Queryable,
  refund: RefundRow,
): Promise<{ id: string; number: number } | null> {
  const [team] = await tx
    .select({ order: teamOrders, invoice: invoices })
    .from(teamOrders)
    .innerJoin(invoices, eq(invoices.teamOrderId, teamOrders.id))
    .where(eq(teamOrders.paymentId, refund.paymentId));
  // An individual purchase invoiced with VAT (docs/product.md#invoices-and-receipts) is corrected the same way.
  const [own] = team ? [] : await tx.select().from(invoices).where(eq(invoices.paymentId, refund.paymentId));
  const invoice = team?.invoice ?? own;
  if (!invoice) return null;
  const vatPence = vatOfGross(refund.amountPence, team ? team.order.vatRate : (invoice.vatRate ?? 0));
  const number = await nextInvoiceNumber(tx, 'credit_note');
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number,
      refundId: refund.id,
      invoiceId: invoice.id,
      teamOrderId: team?.order.id ?? null,
      reason: refund.reason,
      netPence: refund.amountPence - vatPence,
      vatPence,
      amountPence: refund.amountPence,
    })
    .returning({ id: creditNotes.id, number: creditNotes.number });
  return note!;
}

export async function creditNoteRefOf(db: Queryable, refundId: string) {
  const [note] = await db
    .select({ id: creditNotes.id, number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refundId));
  return note ? { id: note.id, number: creditNoteLabel(note.number) } : null;
}

/** The credit note (team orders) or refund receipt (single card purchases) of a confirmed refund, as a PDF. */
export async function refundDocument(
  db: Queryable,
  refundId: string,
  supplier: AppConfig['invoicing'],
): Promise<{
  document: RefundDocument;
  reader: { managerUserId: string | null } | { ownerId: string | null };
} | null> {
  const [row] = await db
    .select({ refund: refunds, payment: payments, courseTitle: courses.title })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(eq(refunds.id, refundId));
  if (!row) return null;
  const { refund, payment } = row;
  const [note] = await db
    .select({ note: creditNotes, invoice: invoices, order: teamOrders })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .leftJoin(teamOrders, eq(teamOrders.id, creditNotes.teamOrderId))
    .where(eq(creditNotes.refundId, refundId));
  const name = [payment.studentData.firstName, payment.studentData.lastName].filter(Boolean).join(' ');
  const buyer = [name, payment.email].filter(Boolean);
  const base = {
    supplier,
    reason: refund.reason,
    description: `${row.courseTitle}${refund.seats ? `: ${refund.seats} unassigned seat(s)` : ''}`,
    refundedAt: refund.succeededAt ?? refund.createdAt,
    originalPaidAt: payment.fulfilledAt,
    paymentReference: payment.id,
    amountPence: refund.amountPence,
  };
  if (note) {
    const { order } = note;
    return {
      reader: order ? { managerUserId: order.managerUserId } : { ownerId: payment.userId },
      document: {
        ...base,
        kind: 'credit_note',
        number: creditNoteLabel(note.note.number),
        issuedAt: note.note.issuedAt,
        invoice: { number: invoiceLabel(note.invoice.number), issuedAt: note.invoice.issuedAt },
        customer: order
          ? [
              order.company.name,
              order.company.addressLine1,
              order.company.city,
              order.company.postcode,
              order.company.vatNumber ? `Customer VAT number: ${order.company.vatNumber}` : null,
            ].filter((line): line is string => Boolean(line))
          : buyer,
        vatRate: order ? order.vatRate : (note.invoice.vatRate ?? 0),
        netPence: note.note.netPence,
        vatPence: note.note.vatPence,
      },
    };
  }
  return {
    reader: { ownerId: payment.userId },
    document: {
      ...base,
      kind: 'refund_receipt',
      number: null,
      issuedAt: refund.succeededAt ?? refund.createdAt,
      invoice: null,
      customer: buyer,
      vatRate: 0,
      netPence: refund.amountPence,
      vatPence: 0,
    },
  };
}

/** The PDF file of a confirmed refund (for the email, in the caller's transaction). */
export async function refundAttachment(db: Queryable, refundId: string, supplier: AppConfig['invoicing']) {
  const found = await refundDocument(db, refundId, supplier);
  if (!found) throw notFound(CREDIT_NOTE_NOT_FOUND, 'CREDIT_NOTE_NOT_FOUND');
  return {
    filename: refundDocumentFilename(found.document),
    contentType: 'application/pdf',
    content: await renderRefundDocument(found.document),
  };
}

/**
 * GET /api/credit-notes/:id.pdf: the team order's manager or the individual buyer, finance or an admin; to anyone
 * else it does not exist.
 */
export async function creditNotePdfFor(
  db: Queryable,
  principal: Principal,
  creditNoteId: string,
  supplier: AppConfig['invoicing'],
): Promise<{ filename: string; content: Buffer }> {
  const [note] = isUuid(creditNoteId)
    ? await db
        .select({ refundId: creditNotes.refundId })
        .from(creditNotes)
        .where(eq(creditNotes.id, creditNoteId))
    : [];
  const found = note ? await refundDocument(db, note.refundId, supplier) : null;
  if (!found || !can(principal, 'invoice:read', found.reader)) {
    throw notFound(CREDIT_NOTE_NOT_FOUND, 'CREDIT_NOTE_NOT_FOUND');
  }
  return {
    filename: refundDocumentFilename(found.document),
    content: await renderRefundDocument(found.document),
  };
}
