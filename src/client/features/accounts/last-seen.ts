import { formatDateTime } from '#shared/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 'Active now', '5 minutes ago', '3 hours ago', then a UK date for anything older than a day. */
export function lastSeenLabel(iso: string, now = Date.now()): string {
  const ago = now - new Date(iso).getTime();
  if (ago < 2 * MINUTE) return 'Active now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} minutes ago`;
  if (ago < 24 * HOUR) {
    const hours = Math.floor(ago / HOUR);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  return formatDateTime(iso);
}
