import { describe, expect, it } from 'vitest';
import { PDF_FONTS, renderPdf } from './pdf.util.ts';

describe('renderPdf', () => {
  it('makes a PDF with the bundled font embedded, printing names outside Latin-1', async () => {
    const pdf = await renderPdf({ title: 'Check' }, (doc) => {
      doc.font(PDF_FONTS.bold).text('Łukasz Żółć £12.00');
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('DejaVuSans-Bold');
  });

  it('rejects when the layout throws', async () => {
    await expect(
      renderPdf({ title: 'Broken' }, () => {
        throw new Error('layout failed');
      }),
    ).rejects.toThrow('layout failed');
  });
});
