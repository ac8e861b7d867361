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
