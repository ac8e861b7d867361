// One place for how numbers, money, durations and dates look (docs/product.md#formatting).

/** Integer pence → decimal string, as the API sends prices ("99.99"). */
export function penceToDecimal(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Decimal string or number of pounds → integer pence; null when it is not a valid amount. */
export function decimalToPence(value: string | number): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const gbpWhole = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** "99.99" or 9999 pence → "£99.99". */
export function formatPrice(value: string | number, unit: 'pounds' | 'pence' = 'pounds'): string {
  const pounds = unit === 'pence' ? Number(value) / 100 : Number(value);
  return gbp.format(Number.isFinite(pounds) ? pounds : 0);
}

/** Average salary in whole pounds → "£32,000". */
export function formatSalary(pounds: number | null | undefined): string {
  return gbpWhole.format(pounds ?? 0);
}

/** Minutes → "Xh Ym", or "TBD" when missing. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || Number.isNaN(minutes)) return 'TBD';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}h ${m}m`;
}

/** "HH:MM" → minutes (hours*60 + minutes); blank or invalid → 0. */
export function hhmmToMinutes(value: string): number {
  const match = /^\s*(\d{1,3})(?::(\d{1,2}))?\s*$/.exec(value);
  if (!match) return 0;
  return Number(match[1]) * 60 + Number(match[2] ?? 0);
}

/** Minutes → "HH:MM". */
export function minutesToHhmm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The one plural helper: plural(1, 'view') → "1 view", plural(2, 'view') → "2 views"; irregulars pass `many`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

/** Weeks → "1 week" / "N weeks". */
export function formatWeeks(weeks: number | null | undefined): string {
  return plural(weeks ?? 0, 'week');
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Europe/London',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** UK short date with 12-hour time: "21/11/2026, 2:30 pm". */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(new Date(value)).replace(/\s?(am|pm|AM|PM)$/, (s) => ` ${s.trim().toLowerCase()}`);
}

/** An age in words, rounded down: "under a minute", "5 minutes", "3 hours", "2 days". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under a minute';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** UK short date: "21/11/2026". */
export function formatDate(value: string | Date): string {
  return dateOnly.format(new Date(value));
}

/** Difficulty label: beginner → Fundamental, intermediate → UpSkill, others capitalised. */
export function difficultyLabel(difficulty: string | null | undefined): string {
  if (!difficulty) return '';
  if (difficulty === 'beginner') return 'Fundamental';
  if (difficulty === 'intermediate') return 'UpSkill';
  return difficulty.charAt(0).toUpperCase() + difficulty.slice(1);
}

/** Module progress label (docs/product.md#portal). */
export function progressLabel(percentage: number): 'Not Started' | 'In Progress' | 'Complete' {
  if (percentage >= 100) return 'Complete';
  if (percentage > 0) return 'In Progress';
  return 'Not Started';
}

/** "Ada Lovelace" → "AL"; falls back to the email's first letter. */
export function initials(firstName?: string | null, lastName?: string | null, email?: string | null): string {
  const letters = `${firstName?.trim().charAt(0) ?? ''}${lastName?.trim().charAt(0) ?? ''}`;
  return (letters || email?.charAt(0) || '?').toUpperCase();
}

const isoDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
});

/** The calendar day in the UK, as YYYY-MM-DD (what "today" means for dated records such as OTJ entries). */
export function ukIsoDate(value: Date = new Date()): string {
  return isoDay.format(value);
}

/** Hours with up to two decimals and a unit: 1 → "1 h", 12.5 → "12.5 h", 0.25 → "0.25 h". */
export function formatHours(hours: number | null | undefined): string {
  const n = Math.round((hours ?? 0) * 100) / 100;
  return `${n.toLocaleString('en-GB', { maximumFractionDigits: 2 })} h`;
}
