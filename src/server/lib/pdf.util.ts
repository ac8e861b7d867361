// One way to make PDFs (invoices, certificates, progress reviews): pdfkit with the DejaVu Sans TrueType files
// from the `dejavu-fonts-ttf` package, embedded and subset, so any name prints (pdfkit's built-in fonts are
// Latin-1 only) and nothing is fetched at run time.
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Font names registered on every document; pass them to `doc.font(...)`. */
export const PDF_FONTS = {
  regular: 'Sans',
  condensed: 'Sans-Condensed',
  bold: 'Sans-Bold',
  italic: 'Sans-Oblique',
} as const;

/** Brand colours, matching the app's theme (navy + safety orange). */
export const PDF_COLOURS = {
  navy: '#15233d',
  orange: '#ea580c',
  text: '#1f2937',
  muted: '#6b7280',
  rule: '#d1d5db',
} as const;

export type PdfDocument = InstanceType<typeof PDFDocument>;

export interface PdfOptions {
  size?: 'A4';
  layout?: 'portrait' | 'landscape';
  margin?: number;
  title: string;
  author?: string;
  subject?: string;
}

/**
 * Builds a PDF in memory: `draw` lays out the pages on a document with our fonts registered (regular is the
 * current font). Resolves to the finished file.
 */
export function renderPdf(options: PdfOptions, draw: (doc: PdfDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 50,
    info: {
      Title: options.title,
      Author: options.author ?? 'TradeSkills',
      ...(options.subject ? { Subject: options.subject } : {}),
    },
    autoFirstPage: true,
  });
  doc.registerFont(PDF_FONTS.regular, path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont(PDF_FONTS.condensed, path.join(fontDir, 'DejaVuSansCondensed.ttf'));
  doc.registerFont(PDF_FONTS.bold, path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  doc.registerFont(PDF_FONTS.italic, path.join(fontDir, 'DejaVuSans-Oblique.ttf'));
  doc.font(PDF_FONTS.regular).fillColor(PDF_COLOURS.text);

  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** The supplier's name, address lines and VAT status, as invoices, credit notes and refund receipts print them. */
export function supplierLines(supplier: {
  companyName: string;
  companyAddress: string;
  vatNumber?: string | null;
}) {
  return [
    supplier.companyName,
    ...supplier.companyAddress.split(',').map((line) => line.trim()),
    supplier.vatNumber ? `VAT number: ${supplier.vatNumber}` : 'Not VAT registered',
  ];
}

/** Two labelled address blocks side by side ('From' and the customer), then the cursor below the taller one. */
export function partyBlocks(doc: PdfDocument, from: string[], toHeading: string, to: string[]) {
  const top = doc.y;
  const left = doc.page.margins.left;
  const half = (doc.page.width - left - doc.page.margins.right) / 2;
  block(doc, 'From', from, left, top, half - 10);
  const leftBottom = doc.y;
  block(doc, toHeading, to, left + half, top, half);
  doc.x = left;
  doc.y = Math.max(leftBottom, doc.y) + 20;
}

function block(doc: PdfDocument, heading: string, lines: string[], x: number, y: number, width: number) {
  doc
    .font(PDF_FONTS.bold)
    .fontSize(9)
    .fillColor(PDF_COLOURS.muted)
    .text(heading.toUpperCase(), x, y, { width });
  doc.font(PDF_FONTS.regular).fontSize(10).fillColor(PDF_COLOURS.text);
  for (const line of lines) doc.text(line, x, doc.y, { width });
}
