import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let seq = 0;

/** A PDF's text as poppler's pdftotext lays it out (the invoice, receipt and credit-note tests read it). */
export function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `pdf-text-${process.pid}-${++seq}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Renders a PDF's first page to `<out>.png` with poppler's pdftoppm (at 60 dpi, to be looked at: the credit note and
 * refund receipt tests keep theirs under test-results/); returns the PNG's path.
 */
export function pdfToPng(pdf: Buffer, out: string): string {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(`${out}.pdf`, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', `${out}.pdf`, out]);
  const png = `${out}.png`;
  if (fs.readFileSync(png).subarray(1, 4).toString() !== 'PNG') throw new Error(`${png} is not a PNG`);
  return png;
}
