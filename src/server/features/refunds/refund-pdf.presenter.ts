import type { AppConfig } from '#server/config.ts';
import {
  PDF_COLOURS,
  PDF_FONTS,
  type PdfDocument,
  partyBlocks,
  renderPdf,
  supplierLines,
} from '#server/lib/pdf.util.ts';
import { orderReference } from '#shared/consent.ts';
import { formatDate, formatPrice } from '#shared/format.ts';

// A credit note (VAT Notice 700 §18.2.3: the invoice's details, the original invoice's number and date, the reason,
// and the net and VAT credited) or, for a single card purchase, a refund receipt; laid out like the invoices.

export interface RefundDocument {
  kind: 'credit_note' | 'refund_receipt';
  /** CN-000001; null for a refund receipt. */
  number: string | null;
  issuedAt: Date;
  supplier: AppConfig['invoicing'];
  customer: string[];
  invoice: { number: string; issuedAt: Date } | null;
  reason: string;
  description: string;
  refundedAt: Date;
  paymentReference: string;
  /** The whole refund; a credit note credits `amountPence` of it against its invoice. */
  refundAmountPence: number;
  /** The refund's other credit notes (a monthly plan's refund spread over several invoices). */
  alsoCredits: string[];
  vatRate: number;
  netPence: number;
  vatPence: number;
  amountPence: number;
}

const money = (pence: number) => formatPrice(pence, 'pence');

export function refundDocumentFilename(doc: Pick<RefundDocument, 'kind' | 'number' | 'paymentReference'>) {
  return doc.kind === 'credit_note'
    ? `credit-note-${doc.number}.pdf`
    : `refund-receipt-${orderReference(doc.paymentReference)}.pdf`;
}

export function renderRefundDocument(refund: RefundDocument): Promise<Buffer> {
  const title = refund.kind === 'credit_note' ? `Credit note ${refund.number}` : 'Refund receipt';
  return renderPdf({ title, subject: refund.description }, (doc) => {
    header(doc, refund);
    parties(doc, refund);
    lines(doc, refund);
  });
}

function header(doc: PdfDocument, refund: RefundDocument) {
  doc.font(PDF_FONTS.bold).fontSize(22).fillColor(PDF_COLOURS.navy);
  doc.text(refund.kind === 'credit_note' ? 'Credit note' : 'Refund receipt');
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(PDF_COLOURS.text).moveDown(0.5);
  if (refund.number) doc.text(`Credit note number: ${refund.number}`);
  doc.text(`Issue date: ${formatDate(refund.issuedAt)}`);
  if (refund.invoice) {
    doc.text(`Credits invoice ${refund.invoice.number} of ${formatDate(refund.invoice.issuedAt)}`);
  }
  doc.text(`Order reference: ${orderReference(refund.paymentReference)}`);
  doc.fillColor(PDF_COLOURS.orange).font(PDF_FONTS.bold);
  doc.text(
    `Refunded ${money(refund.refundAmountPence)} to the card used, on ${formatDate(refund.refundedAt)}`,
  );
  doc.font(PDF_FONTS.regular).fillColor(PDF_COLOURS.text);
  if (refund.alsoCredits.length) {
    doc.text(
      `This credit note credits ${money(refund.amountPence)} of it against invoice ${refund.invoice?.number}; the rest is credited on ${refund.alsoCredits.join(', ')}.`,
    );
  }
  doc.moveDown(1);
}

function parties(doc: PdfDocument, refund: RefundDocument) {
  partyBlocks(doc, supplierLines(refund.supplier), 'To', refund.customer);
}

function lines(doc: PdfDocument, refund: RefundDocument) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(PDF_FONTS.bold).text('Reason', left, doc.y, { width });
  doc.font(PDF_FONTS.regular).text(refund.reason, { width }).moveDown(0.8);
  doc.font(PDF_FONTS.bold).text('Credited', { width });
  doc.font(PDF_FONTS.regular).text(refund.description, { width }).moveDown(0.8);
  const registered = Boolean(refund.supplier.vatNumber) && refund.kind === 'credit_note';
  const totals: [string, string][] = registered
    ? [
        ['Net credited', money(refund.netPence)],
        [`VAT credited at ${refund.vatRate}%`, money(refund.vatPence)],
        ['Total credited (GBP, pounds sterling)', money(refund.amountPence)],
      ]
    : [['Total refunded (GBP, pounds sterling)', money(refund.amountPence)]];
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
  doc.y += 8;
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font(label.startsWith('Total') ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(10);
    doc.text(label, left, y, { width: width - 110, align: 'right' });
    doc.text(value, left + width - 100, y, { width: 100, align: 'right' });
    doc.y += 4;
  }
  doc.x = left;
  if (!registered && refund.kind === 'credit_note') {
    doc
      .moveDown(1)
      .fillColor(PDF_COLOURS.muted)
      .text(`${refund.supplier.companyName} is not VAT registered.`, { width });
  }
}
