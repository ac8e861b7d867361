import type { liveSessions } from '#server/db/schema/index.ts';

// Calendar files (RFC 5545) for live sessions: one VEVENT whose UID stays the same and whose SEQUENCE grows with
// every change, so calendar apps update the event they already hold (docs/product.md#live-sessions).

const icsDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds content lines at 75 octets (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

/** The session as an .ics file (the caller has already been checked: visibleSession). */
export function sessionIcs(row: typeof liveSessions.$inferSelect, publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//TradeSkills//Live sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${row.id}@${host}`,
    `SEQUENCE:${row.sequence}`,
    `DTSTAMP:${icsDate(row.updatedAt)}`,
    `DTSTART:${icsDate(row.startTime)}`,
    `DTEND:${icsDate(row.endTime)}`,
    `SUMMARY:${icsText(row.title)}`,
    ...(row.description ? [`DESCRIPTION:${icsText(row.description)}`] : []),
    ...(row.location ? [`LOCATION:${icsText(row.location)}`] : []),
    ...(row.sessionType === 'online' && row.location && /^https?:\/\//.test(row.location)
      ? [`URL:${row.location}`]
      : []),
    `STATUS:${row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
