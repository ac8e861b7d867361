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

// Money and counts are formatted by hand, not with Intl: a public page formats prices and counts while it hydrates,
// and a phone's first Intl.NumberFormat loads ICU's locale data, tens of milliseconds on the main thread. The
// result is the same in Node, where the page is rendered, and in every browser, where it is hydrated.

/** 1234567 → "1,234,567" (en-GB digit grouping of a whole number's digits). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Pounds → "£1,234.56" (or "£1,235" with no pence), as en-GB currency formatting writes it. */
function pounds(value: number, withPence: boolean): string {
  const amount = Number.isFinite(value) ? value : 0;
  const rounded = withPence ? Math.round(Math.abs(amount) * 100) : Math.round(Math.abs(amount)) * 100;
  const whole = groupThousands(String(Math.floor(rounded / 100)));
  const pence = withPence ? `.${String(rounded % 100).padStart(2, '0')}` : '';
  return `${amount < 0 && rounded > 0 ? '-' : ''}£${whole}${pence}`;
}

/** "99.99" or 9999 pence → "£99.99". */
export function formatPrice(value: string | number, unit: 'pounds' | 'pence' = 'pounds'): string {
  return pounds(unit === 'pence' ? Number(value) / 100 : Number(value), true);
}

/** Average salary in whole pounds → "£32,000". */
export function formatSalary(value: number | null | undefined): string {
  return pounds(value ?? 0, false);
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

/** A count as en-GB writes it: 1234 → "1,234". */
export function formatCount(count: number): string {
  return Number.isInteger(count) ? groupThousands(String(count)) : count.toLocaleString('en-GB');
}

/** The one plural helper: plural(1, 'view') → "1 view", plural(2, 'view') → "2 views"; irregulars pass `many`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Weeks → "1 week" / "N weeks". */
export function formatWeeks(weeks: number | null | undefined): string {
  return plural(weeks ?? 0, 'week');
}

/** A UK-time date formatter made on first use: most pages show no date, and making one costs the main thread. */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): (value: Date) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (value) => {
    formatter ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/London' });
    return formatter.format(value);
  };
}

const DAY_MONTH_YEAR = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const dateTime = lazyFormat('en-GB', { ...DAY_MONTH_YEAR, hour: 'numeric', minute: '2-digit', hour12: true });
const dateOnly = lazyFormat('en-GB', DAY_MONTH_YEAR);

/** UK short date with 12-hour time: "21/11/2026, 2:30 pm". */
export function formatDateTime(value: string | Date): string {
  return dateTime(new Date(value)).replace(/\s?(am|pm|AM|PM)$/, (s) => ` ${s.trim().toLowerCase()}`);
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
  return dateOnly(new Date(value));
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

const isoDay = lazyFormat('en-CA', DAY_MONTH_YEAR);

/** The calendar day in the UK, as YYYY-MM-DD (what "today" means for dated records such as OTJ entries). */
export function ukIsoDate(value: Date = new Date()): string {
  return isoDay(value);
}

/** Hours with up to two decimals and a unit: 1 → "1 h", 12.5 → "12.5 h", 0.25 → "0.25 h". */
export function formatHours(hours: number | null | undefined): string {
  const n = Math.round((hours ?? 0) * 100) / 100;
  return `${n.toLocaleString('en-GB', { maximumFractionDigits: 2 })} h`;
}
