import { PDF_COLOURS, PDF_FONTS, type PdfDocument, renderPdf } from '#server/lib/pdf.util.ts';
import { formatDate, formatDateTime, formatHours } from '#shared/format.ts';
import type { Review, ReviewRole } from '#shared/schemas/apprenticeships.ts';

const ROLE_LABELS: Record<ReviewRole, string> = {
  apprentice: 'Apprentice',
  tutor: 'Tutor (training provider)',
  employer: 'Employer',
};

function section(doc: PdfDocument, title: string, body: string) {
  doc.moveDown(0.8);
  doc.font(PDF_FONTS.bold).fontSize(11).fillColor(PDF_COLOURS.navy).text(title);
  doc.moveDown(0.2);
  doc
    .font(PDF_FONTS.regular)
    .fontSize(10)
    .fillColor(PDF_COLOURS.text)
    .text(body || '—', { lineGap: 2 });
}

/** A progress review as a PDF: what was agreed and who signed it, when. */
export function renderReviewPdf(review: Review): Promise<Buffer> {
  return renderPdf(
    {
      title: `Progress review ${formatDate(review.reviewDate)} – ${review.apprenticeName}`,
      subject: 'Progress review',
    },
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      doc.rect(0, 0, doc.page.width, 8).fill(PDF_COLOURS.orange);
      doc.fillColor(PDF_COLOURS.navy).font(PDF_FONTS.bold).fontSize(20).text('TradeSkills', left, 40);
      doc
        .font(PDF_FONTS.regular)
        .fontSize(10)
        .fillColor(PDF_COLOURS.muted)
        .text('Apprenticeship progress review');
      doc.moveDown(1);
      doc.font(PDF_FONTS.bold).fontSize(16).fillColor(PDF_COLOURS.text).text(review.apprenticeName);
      doc.font(PDF_FONTS.regular).fontSize(10).fillColor(PDF_COLOURS.muted);
      doc.text(`Standard: ${review.standard}`);
      doc.text(`Review date: ${formatDate(review.reviewDate)}`);
      doc.text(`Off-the-job hours to date: ${formatHours(review.otjHoursToDate)}`);
      doc.moveDown(0.4);
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .strokeColor(PDF_COLOURS.rule)
        .stroke();

      section(doc, 'Progress against the standard', review.progressSummary);
      section(doc, 'Next steps', review.nextSteps);
      section(doc, 'Support needs', review.supportNeeds);

      doc.moveDown(1.2);
      doc.font(PDF_FONTS.bold).fontSize(11).fillColor(PDF_COLOURS.navy).text('Signatures');
      doc.moveDown(0.3);
      const roles: ReviewRole[] = review.hasEmployerContact
        ? ['apprentice', 'tutor', 'employer']
        : ['apprentice', 'tutor'];
      for (const role of roles) {
        const signature = review.signatures.find((s) => s.role === role);
        const y = doc.y;
        doc
          .font(PDF_FONTS.regular)
          .fontSize(10)
          .fillColor(PDF_COLOURS.muted)
          .text(ROLE_LABELS[role], left, y, { width: 170 });
        doc
          .font(signature ? PDF_FONTS.bold : PDF_FONTS.italic)
          .fillColor(signature ? PDF_COLOURS.text : PDF_COLOURS.muted)
          .text(
            signature ? `${signature.name}, signed ${formatDateTime(signature.signedAt)}` : 'Not signed yet',
            left + 175,
            y,
            { width: width - 175 },
          );
        doc.moveDown(0.5);
      }
      doc.moveDown(1);
      doc
        .font(PDF_FONTS.regular)
        .fontSize(8)
        .fillColor(PDF_COLOURS.muted)
        .text(
          review.fullySigned
            ? 'Signed electronically by each party in their own TradeSkills account.'
            : 'This review is not fully signed yet.',
          left,
          doc.y,
          { width },
        );
    },
  );
}
