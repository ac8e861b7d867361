// CSV for the exports (apprentices' learner record, the audit trail): RFC 4180 quoting, formula-safe.

/**
 * One CSV cell: quoted, quotes doubled, and a cell a spreadsheet would run as a formula (starting = + - @, tab or
 * carriage return) prefixed with an apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: string[], rows: (string | number | boolean | null)[][]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
