import { asc, eq } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import {
  courses,
  creditNotes,
  invoices,
  paymentInstalments,
  payments,
  refunds,
  teamOrders,
} from '#server/db/schema/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { creditNoteLabel } from '#shared/schemas/refunds.ts';
import { invoiceLabel } from '#shared/schemas/teams.ts';
import { type RefundDocument, refundDocumentFilename, renderRefundDocument } from './refund-pdf.presenter.ts';

// The documents of a confirmed refund (docs/product.md#refunds-cancellations-and-credit-notes): one credit note PDF
// per invoice it corrects (docs/decisions/0023-plan-refund-credit-notes.md), or a refund receipt when the order had
// no VAT invoice.

export const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';
export const REFUND_RECEIPT_NOT_FOUND = 'Refund receipt not found';

type Reader = { managerUserId: string | null } | { ownerId: string | null };
interface FoundDocument {
  document: RefundDocument;
  reader: Reader;
}
type PaymentRow = typeof payments.$inferSelect;

function buyerLines(payment: PaymentRow): string[] {
  const name = [payment.studentData.firstName, payment.studentData.lastName].filter(Boolean).join(' ');
  return [name, payment.email].filter(Boolean);
}

/** One credit note as its PDF prints it. */
async function creditNoteDocument(
  db: Queryable,
  creditNoteId: string,
  supplier: AppConfig['invoicing'],
): Promise<FoundDocument | null> {
  const [row] = await db
    .select({
      note: creditNotes,
      refund: refunds,
      payment: payments,
      invoice: invoices,
      order: teamOrders,
      sequence: paymentInstalments.sequence,
      course: { title: courses.title, instalments: courses.instalments },
    })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .leftJoin(teamOrders, eq(teamOrders.id, creditNotes.teamOrderId))
    .leftJoin(paymentInstalments, eq(paymentInstalments.id, invoices.instalmentId))
    .where(eq(creditNotes.id, creditNoteId));
  if (!row) return null;
  const { note, refund, payment, invoice, order, course } = row;
  const siblings = await db
    .select({ id: creditNotes.id, number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refund.id))
    .orderBy(asc(creditNotes.number));
  // The plan's payment this invoice was for: a later instalment's own number, else the first payment.
  const planPayment = row.sequence ?? (payment.plan === 'monthly' && course.instalments > 1 ? 1 : null);
  const description = order
    ? `${course.title}${refund.seats ? `: ${refund.seats} unassigned seat(s)` : ''}`
    : planPayment
      ? `${course.title}: online course, monthly plan (payment ${planPayment} of ${course.instalments})`
      : `${course.title}: online course`;
  return {
    reader: order ? { managerUserId: order.managerUserId } : { ownerId: payment.userId },
    document: {
      kind: 'credit_note',
      number: creditNoteLabel(note.number),
      issuedAt: note.issuedAt,
      supplier,
      customer: order
        ? [
            order.company.name,
            order.company.addressLine1,
            order.company.city,
            order.company.postcode,
            order.company.vatNumber ? `Customer VAT number: ${order.company.vatNumber}` : null,
          ].filter((line): line is string => Boolean(line))
        : buyerLines(payment),
      invoice: { number: invoiceLabel(invoice.number), issuedAt: invoice.issuedAt },
      reason: refund.reason,
      description,
      refundedAt: refund.succeededAt ?? refund.createdAt,
      paymentReference: payment.id,
      refundAmountPence: refund.amountPence,
      alsoCredits: siblings.filter((s) => s.id !== note.id).map((s) => creditNoteLabel(s.number)),
      vatRate: order ? order.vatRate : (invoice.vatRate ?? 0),
      netPence: note.netPence,
      vatPence: note.vatPence,
      amountPence: note.amountPence,
    },
  };
}

/** A refund with no credit note (the order had no VAT invoice) as its refund receipt. */
async function refundReceiptDocument(
  db: Queryable,
  refundId: string,
  supplier: AppConfig['invoicing'],
): Promise<FoundDocument | null> {
  const [row] = await db
    .select({ refund: refunds, payment: payments, courseTitle: courses.title })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(eq(refunds.id, refundId));
  if (!row) return null;
  const { refund, payment } = row;
  return {
    reader: { ownerId: payment.userId },
    document: {
      kind: 'refund_receipt',
      number: null,
      issuedAt: refund.succeededAt ?? refund.createdAt,
      supplier,
      customer: buyerLines(payment),
      invoice: null,
      reason: refund.reason,
      description: `${row.courseTitle}${refund.seats ? `: ${refund.seats} unassigned seat(s)` : ''}`,
      refundedAt: refund.succeededAt ?? refund.createdAt,
      paymentReference: payment.id,
      refundAmountPence: refund.amountPence,
      alsoCredits: [],
      vatRate: 0,
      netPence: refund.amountPence,
      vatPence: 0,
      amountPence: refund.amountPence,
    },
  };
}

/**
 * The PDF files of a confirmed refund (for its email and the buyer's data export, in the caller's transaction):
 * each of its credit notes, or its refund receipt.
 */
export async function refundAttachments(db: Queryable, refundId: string, supplier: AppConfig['invoicing']) {
  const notes = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refundId))
    .orderBy(asc(creditNotes.number));
  // One at a time: `db` may be a transaction handle, which takes one query at a time.
  const found: (FoundDocument | null)[] = [];
  for (const note of notes) found.push(await creditNoteDocument(db, note.id, supplier));
  if (notes.length === 0) found.push(await refundReceiptDocument(db, refundId, supplier));
  const files = [];
  for (const item of found) {
    if (!item) throw notFound(CREDIT_NOTE_NOT_FOUND, 'CREDIT_NOTE_NOT_FOUND');
    files.push({
      filename: refundDocumentFilename(item.document),
      contentType: 'application/pdf',
      content: await renderRefundDocument(item.document),
    });
  }
  return files;
}

/** A document as its PDF download, for a reader the policy lets read it; to anyone else it does not exist. */
async function pdfFor(principal: Principal, found: FoundDocument | null, message: string, code: string) {
  if (!found || !can(principal, 'invoice:read', found.reader)) throw notFound(message, code);
  return {
    filename: refundDocumentFilename(found.document),
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
  const found = isUuid(creditNoteId) ? await creditNoteDocument(db, creditNoteId, supplier) : null;
  return pdfFor(principal, found, CREDIT_NOTE_NOT_FOUND, 'CREDIT_NOTE_NOT_FOUND');
}

/**
 * GET /api/refund-receipts/:refundId.pdf: the refund receipt of a confirmed refund that has no credit note (an order
 * without a VAT invoice), for the buyer, finance or an admin; to anyone else, and for any other refund, it does not
 * exist.
 */
export async function refundReceiptPdfFor(
  db: Queryable,
  principal: Principal,
  refundId: string,
  supplier: AppConfig['invoicing'],
): Promise<{ filename: string; content: Buffer }> {
  const receipt = isUuid(refundId) && (await hasReceipt(db, refundId));
  const found = receipt ? await refundReceiptDocument(db, refundId, supplier) : null;
  return pdfFor(principal, found, REFUND_RECEIPT_NOT_FOUND, 'REFUND_RECEIPT_NOT_FOUND');
}

/** A refund's receipt exists once it succeeded, when it has no credit note. */
async function hasReceipt(db: Queryable, refundId: string): Promise<boolean> {
  const [refund] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
  if (refund?.status !== 'succeeded') return false;
  const [note] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.refundId, refundId))
    .limit(1);
  return !note;
}
