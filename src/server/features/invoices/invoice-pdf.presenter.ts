import type { AppConfig } from '#server/config.ts';
import {
  PDF_COLOURS,
  PDF_FONTS,
  type PdfDocument,
  partyBlocks,
  renderPdf,
  supplierLines,
} from '#server/lib/pdf.util.ts';
import { formatDate, formatPrice } from '#shared/format.ts';
import { INVOICE_PAYMENT_TERMS_DAYS, invoiceLabel } from '#shared/schemas/teams.ts';

// A full UK VAT invoice (VAT Regulations 1995 reg. 14, as summarised in docs/team-seats.md): number, dates, both
// parties, the line with quantity, unit price, rate and net, totals in sterling; payment terms and bank details on
// invoice orders; "Receipt" with the payment date once paid.

export interface InvoiceDocument {
  /** team: a team order's invoice, titled 'Receipt' once paid; purchase: an individual card purchase's VAT invoice. */
  kind: 'team' | 'purchase';
  number: number;
  issuedAt: Date;
  taxPointAt: Date;
  supplier: AppConfig['invoicing'];
  /**
   * An individual purchase's order reference (TS-…), as its receipt and emails show it, on the first payment's
   * invoice and each later instalment's; null on a team order's invoice, whose number is its reference.
   */
  orderReference: string | null;
  /** The 'Bill to' block, one printed line each: a company and its contact, or an individual buyer. */
  customer: string[];
  description: string;
  quantity: number;
  /** Whole pence: quantity × unitNetPence = lineNetPence (src/shared/vat.ts). */
  unitNetPence: number;
  vatRate: number;
  netPence: number;
  vatPence: number;
  amountPence: number;
  /**
   * Reductions below the line (a team price tier, a discount code), net of VAT, positive pence; netPence is after
   * them, and VAT is worked out on that (docs/product.md#discount-codes-and-team-prices).
   */
  reductions: { label: string; netPence: number }[];
  /** The line's net before reductions (quantity × unit). */
  lineNetPence: number;
  payBy: 'card' | 'invoice';
  dueAt: Date | null;
  paidAt: Date | null;
}

/** A document and who may read it besides finance: the team order's manager or the individual buyer. */
export interface FoundInvoice {
  document: InvoiceDocument;
  reader: { managerUserId: string | null } | { ownerId: string | null };
}

const money = (pence: number) => formatPrice(pence, 'pence');

export function invoiceFilename(doc: Pick<InvoiceDocument, 'kind' | 'number' | 'paidAt'>): string {
  if (doc.kind === 'purchase') return `vat-invoice-${invoiceLabel(doc.number)}.pdf`;
  return `${doc.paidAt ? 'receipt' : 'invoice'}-${invoiceLabel(doc.number)}.pdf`;
}

export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const registered = Boolean(invoice.supplier.vatNumber);
  const title = `${registered ? 'VAT invoice' : 'Invoice'} ${invoiceLabel(invoice.number)}`;
  return renderPdf({ title, subject: invoice.description }, (doc) => {
    header(doc, invoice, registered);
    parties(doc, invoice);
    lineTable(doc, invoice, registered);
    footer(doc, invoice, registered);
  });
}

function header(doc: PdfDocument, invoice: InvoiceDocument, registered: boolean) {
  doc.font(PDF_FONTS.bold).fontSize(22).fillColor(PDF_COLOURS.navy);
  doc.text(invoice.paidAt && invoice.kind === 'team' ? 'Receipt' : registered ? 'VAT invoice' : 'Invoice');
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(PDF_COLOURS.text).moveDown(0.5);
  doc.text(`Invoice number: ${invoiceLabel(invoice.number)}`);
  doc.text(`Issue date: ${formatDate(invoice.issuedAt)}`);
  doc.text(`Tax point: ${formatDate(invoice.taxPointAt)}`);
  if (invoice.orderReference) doc.text(`Order reference: ${invoice.orderReference}`);
  if (invoice.paidAt) {
    doc.fillColor(PDF_COLOURS.orange).font(PDF_FONTS.bold);
    doc.text(
      `Paid in full on ${formatDate(invoice.paidAt)} (${invoice.payBy === 'card' ? 'card' : 'bank transfer'})`,
    );
    doc.font(PDF_FONTS.regular).fillColor(PDF_COLOURS.text);
  }
  doc.moveDown(1);
}

function parties(doc: PdfDocument, invoice: InvoiceDocument) {
  partyBlocks(doc, supplierLines(invoice.supplier), 'Bill to', invoice.customer);
}

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** A VAT invoice shows the VAT rate and net; a supplier that is not VAT registered shows no VAT at all. */
function columnsFor(registered: boolean): Column[] {
  return registered
    ? [
        // The unit price's column is wider than its heading, so the heading does not run into 'Quantity'.
        { label: 'Description', width: 165, align: 'left' },
        { label: 'Quantity', width: 55, align: 'right' },
        { label: 'Unit price (excl. VAT)', width: 130, align: 'right' },
        { label: 'VAT rate', width: 55, align: 'right' },
        { label: 'Net', width: 90, align: 'right' },
      ]
    : [
        { label: 'Description', width: 230, align: 'left' },
        { label: 'Quantity', width: 55, align: 'right' },
        { label: 'Unit price', width: 120, align: 'right' },
        { label: 'Amount', width: 90, align: 'right' },
      ];
}

function row(doc: PdfDocument, columns: Column[], cells: string[], font: string) {
  const y = doc.y;
  let x = doc.page.margins.left;
  let bottom = y;
  doc.font(font).fontSize(10);
  columns.forEach((column, i) => {
    doc.text(cells[i] ?? '', x, y, { width: column.width, align: column.align });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc.x = doc.page.margins.left;
  doc.y = bottom + 6;
}

function rule(doc: PdfDocument) {
  const left = doc.page.margins.left;
  doc
    .moveTo(left, doc.y)
    .lineTo(doc.page.width - doc.page.margins.right, doc.y)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
  doc.y += 6;
}

function lineTable(doc: PdfDocument, invoice: InvoiceDocument, registered: boolean) {
  const columns = columnsFor(registered);
  row(
    doc,
    columns,
    columns.map((c) => c.label),
    PDF_FONTS.bold,
  );
  rule(doc);
  const cells = registered
    ? [
        invoice.description,
        String(invoice.quantity),
        money(invoice.unitNetPence),
        `${invoice.vatRate}%`,
        money(invoice.lineNetPence),
      ]
    : [
        invoice.description,
        String(invoice.quantity),
        money(invoice.unitNetPence),
        money(invoice.lineNetPence),
      ];
  row(doc, columns, cells, PDF_FONTS.regular);
  for (const reduction of invoice.reductions) {
    const blanks = columns.slice(1, -1).map(() => '');
    row(doc, columns, [reduction.label, ...blanks, `-${money(reduction.netPence)}`], PDF_FONTS.regular);
  }
  rule(doc);
  const totals: [string, string][] = registered
    ? [
        ['Total excluding VAT', money(invoice.netPence)],
        [`VAT at ${invoice.vatRate}%`, money(invoice.vatPence)],
        ['Total (GBP, pounds sterling)', money(invoice.amountPence)],
      ]
    : [['Total (GBP, pounds sterling)', money(invoice.amountPence)]];
  const labelWidth = 300;
  const x = doc.page.width - doc.page.margins.right - labelWidth - 100;
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font(label.startsWith('Total (') ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(10);
    doc.text(label, x, y, { width: labelWidth, align: 'right' });
    doc.text(value, x + labelWidth, y, { width: 100, align: 'right' });
    doc.y += 4;
  }
  doc.x = doc.page.margins.left;
  doc.moveDown(1.5);
}

function footer(doc: PdfDocument, invoice: InvoiceDocument, registered: boolean) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(PDF_COLOURS.text);
  if (invoice.payBy === 'invoice') {
    doc.font(PDF_FONTS.bold).text('Payment terms', { width });
    doc.font(PDF_FONTS.regular);
    const due = invoice.dueAt ? ` (by ${formatDate(invoice.dueAt)})` : '';
    doc.text(`Payment due within ${INVOICE_PAYMENT_TERMS_DAYS} days of the invoice date${due}.`, { width });
    doc.text(`Please quote ${invoiceLabel(invoice.number)} as the payment reference.`, { width });
    doc.moveDown(0.5);
    doc.font(PDF_FONTS.bold).text('Bank details', { width });
    doc.font(PDF_FONTS.regular).text(invoice.supplier.bankDetails, { width });
    doc.moveDown(0.5);
  }
  if (!registered) {
    doc
      .fillColor(PDF_COLOURS.muted)
      .text(`${invoice.supplier.companyName} is not VAT registered.`, { width });
  }
}
