import QRCode from 'qrcode';
import { PDF_COLOURS, PDF_FONTS, type PdfDocument, renderPdf } from '#server/lib/pdf.util.ts';
import { formatDate } from '#shared/format.ts';
import { cpdHoursFromMinutes } from '#shared/schemas/certificates.ts';
import { PROVIDER_NAME, verifyUrl } from './certificate-links.presenter.ts';
import type { CertificateRow } from './certificates.service.ts';

// The A4 landscape certificate. Wording follows docs in README.md ('Certificates'): a CPD certificate of
// completion, never a qualification; CPD hours at 1 per hour of the course's learning time.

const PAGE = { width: 841.89, height: 595.28 };

/** The QR code as vector squares (crisp at any zoom, nothing rasterised). */
function drawQr(doc: PdfDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  doc.save().fillColor(PDF_COLOURS.navy);
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell + 0.02, cell + 0.02);
    }
  }
  doc.fill().restore();
}

/** A course whose modules state no duration has no honest CPD figure: say so rather than print 0. */
function hoursLabel(hours: number): string {
  if (hours === 0) return 'Not stated';
  return hours % 1 === 0 ? hours.toFixed(0) : hours.toFixed(1);
}

export function renderCertificatePdf(row: CertificateRow, publicUrl: string): Promise<Buffer> {
  const url = verifyUrl(publicUrl, row.code);
  return renderPdf(
    {
      layout: 'landscape',
      margin: 0,
      title: `CPD certificate of completion: ${row.courseTitle}`,
      author: PROVIDER_NAME,
      subject: `${row.holderName}, certificate ${row.code}`,
    },
    (doc) => {
      const { width, height } = PAGE;
      // Frame: navy outer border, thin inner rule, orange band at the top.
      doc
        .rect(18, 18, width - 36, height - 36)
        .lineWidth(3)
        .strokeColor(PDF_COLOURS.navy)
        .stroke();
      doc
        .rect(28, 28, width - 56, height - 56)
        .lineWidth(0.75)
        .strokeColor(PDF_COLOURS.rule)
        .stroke();
      doc
        .rect(28, 28, width - 56, 10)
        .fillColor(PDF_COLOURS.orange)
        .fill();

      const left = 70;
      const contentWidth = width - 2 * left;
      doc.font(PDF_FONTS.bold).fontSize(22).fillColor(PDF_COLOURS.navy).text(PROVIDER_NAME, left, 66);
      doc
        .font(PDF_FONTS.regular)
        .fontSize(9)
        .fillColor(PDF_COLOURS.muted)
        .text('Trade and apprenticeship training', left, 94);
      doc
        .font(PDF_FONTS.bold)
        .fontSize(10)
        .fillColor(PDF_COLOURS.orange)
        .text('CPD CERTIFICATE OF COMPLETION', left, 72, {
          width: contentWidth,
          align: 'right',
          characterSpacing: 1.5,
        });

      doc.font(PDF_FONTS.regular).fontSize(13).fillColor(PDF_COLOURS.muted);
      doc.text('This is to certify that', left, 160, { width: contentWidth, align: 'center' });
      doc.font(PDF_FONTS.bold).fontSize(34).fillColor(PDF_COLOURS.navy);
      doc.text(row.holderName, left, 186, {
        width: contentWidth,
        align: 'center',
        height: 48,
        ellipsis: true,
      });
      const ruleY = 238;
      doc
        .moveTo(width / 2 - 160, ruleY)
        .lineTo(width / 2 + 160, ruleY)
        .lineWidth(1)
        .strokeColor(PDF_COLOURS.orange)
        .stroke();
      doc.font(PDF_FONTS.regular).fontSize(13).fillColor(PDF_COLOURS.muted);
      doc.text('has completed every module of the course', left, 254, {
        width: contentWidth,
        align: 'center',
      });
      doc.font(PDF_FONTS.bold).fontSize(22).fillColor(PDF_COLOURS.text);
      doc.text(row.courseTitle, left + 40, 278, {
        width: contentWidth - 80,
        align: 'center',
        height: 60,
        ellipsis: true,
      });

      // Facts row: completion date, CPD hours, issue date.
      const facts: [string, string][] = [
        ['Completed', formatDate(row.completedAt)],
        ['CPD hours', hoursLabel(cpdHoursFromMinutes(row.learningMinutes))],
        ['Issued', formatDate(row.issuedAt)],
      ];
      const factsY = 360;
      const factWidth = 170;
      const factsLeft = width / 2 - (factWidth * facts.length) / 2;
      facts.forEach(([label, value], i) => {
        const x = factsLeft + i * factWidth;
        doc.font(PDF_FONTS.regular).fontSize(9).fillColor(PDF_COLOURS.muted);
        doc.text(label.toUpperCase(), x, factsY, { width: factWidth, align: 'center', characterSpacing: 1 });
        doc.font(PDF_FONTS.bold).fontSize(14).fillColor(PDF_COLOURS.navy);
        doc.text(value, x, factsY + 15, { width: factWidth, align: 'center' });
      });

      // Footer: what CPD means here, the code and where to check it; QR code of the verification URL.
      const qrSize = 92;
      const qrX = width - left - qrSize;
      const qrY = height - 70 - qrSize;
      drawQr(doc, url, qrX, qrY, qrSize);
      const footerWidth = qrX - left - 30;
      doc.font(PDF_FONTS.regular).fontSize(8.5).fillColor(PDF_COLOURS.muted);
      doc.text(
        `Continuing Professional Development (CPD) record: 1 CPD hour per hour of learning. This certificate records completion of a ${PROVIDER_NAME} training course; it is not a regulated qualification.`,
        left,
        qrY + 4,
        { width: footerWidth },
      );
      doc.font(PDF_FONTS.bold).fontSize(9).fillColor(PDF_COLOURS.text);
      doc.text(`Certificate ID: ${row.code}`, left, qrY + 44, { width: footerWidth });
      doc.font(PDF_FONTS.regular).fontSize(9).fillColor(PDF_COLOURS.navy);
      doc.text(`Verify at ${url}`, left, qrY + 60, { width: footerWidth, link: url, underline: false });
      doc.font(PDF_FONTS.regular).fontSize(7.5).fillColor(PDF_COLOURS.muted);
      doc.text('Scan to verify', qrX, qrY + qrSize + 4, { width: qrSize, align: 'center' });
    },
  );
}
