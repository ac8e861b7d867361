// The retention schedule (README 'Your data'): what we keep, why, and for how long. It is the one source of both
// the public privacy notice (/privacy renders this table) and the retention job (which reads its periods from
// here), so the notice and what the system does never disagree. Change a period here and both change.

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRule {
  id: string;
  /** What is kept. */
  data: string;
  /** Why (the lawful basis, UK GDPR Art. 6). */
  why: string;
  /** How long, in words, as the notice says it. */
  period: string;
  /** Days after which the retention job deletes it; absent when the period is not a fixed number of days. */
  days?: number;
  /** True when the retention job carries this rule out; false when it ends with the account (an erasure). */
  enforced: boolean;
}

export const RETENTION_SCHEDULE = [
  {
    id: 'account',
    data: 'Your account: name, email, phone, company, job title, photo',
    why: 'Contract: to give you the courses you bought or were given',
    period: 'While your account is open; pseudonymised when you ask us to erase it',
    enforced: false,
  },
  {
    id: 'learning',
    data: 'Enrolments, progress, quiz attempts, live-session attendance, certificates, reviews you wrote',
    why: 'Contract: to track and certify your learning',
    period: 'While your account is open; pseudonymised when you ask us to erase it',
    enforced: false,
  },
  {
    id: 'messages',
    data: 'Messages you send to instructors and staff',
    why: 'Contract: to support your learning',
    period: 'While your account is open; their text is removed when you ask us to erase it',
    enforced: false,
  },
  {
    id: 'payments',
    data: 'Payments, invoices, receipts and credit notes',
    why: 'Legal obligation: HMRC and the Companies Act 2006 require accounting records',
    period:
      '6 years after the end of the tax year they fall in, even after an erasure (your name is replaced)',
    enforced: true,
  },
  {
    id: 'apprenticeship',
    data: 'Apprenticeship records: off-the-job log, evidence files, progress reviews',
    why: 'Legal obligation: the apprenticeship funding agreement requires the evidence',
    period: "Until the funding agreement's retention date, even after an erasure; then deleted",
    enforced: true,
  },
  {
    id: 'data-exports',
    data: 'Copies of your data you downloaded ("Download my data")',
    why: 'Your request (right of access)',
    period: '7 days, then deleted',
    days: 7,
    enforced: true,
  },
  {
    id: 'sessions',
    data: 'Signed-in devices: browser, address, times',
    why: 'Legitimate interest: keeping your account secure',
    period: 'Until you sign out, or 30 days at most; deleted the day after they end',
    days: 1,
    enforced: true,
  },
  {
    id: 'password-resets',
    data: 'Password reset links (stored as hashes)',
    why: 'Legitimate interest: keeping your account secure',
    period: 'Valid for 1 hour; deleted a day later',
    days: 1,
    enforced: true,
  },
  {
    id: 'sign-in-limits',
    data: 'Counts of failed sign-ins and resets per email and address',
    why: 'Legitimate interest: stopping password guessing',
    period: '1 day',
    days: 1,
    enforced: true,
  },
  {
    id: 'erasure-notices',
    data: 'The email telling you your erasure is done',
    why: 'Legal obligation: to tell you what we kept and why',
    period: 'Until it has been sent; then your address is removed from it',
    days: 0,
    enforced: true,
  },
  {
    id: 'requests-register',
    data: 'The register of requests about your data (what was asked, when, when answered)',
    why: 'Legal obligation: to show we answered within one month',
    period: '6 years',
    days: 6 * 365,
    enforced: true,
  },
] as const satisfies readonly RetentionRule[];

export type RetentionRuleId = (typeof RETENTION_SCHEDULE)[number]['id'];

/** The period in days of a rule the job enforces by age. */
export function retentionDays(id: RetentionRuleId): number {
  const rule: RetentionRule = RETENTION_SCHEDULE.find((r) => r.id === id)!;
  if (rule.days === undefined) throw new Error(`Retention rule ${id} has no period in days`);
  return rule.days;
}

/** When an access request must be answered: one calendar month after receipt (ICO right-of-access guidance). */
export function oneMonthAfter(received: Date): Date {
  const due = new Date(received);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + 1);
  // The corresponding day, or the month's last day when it has none (31 January → 28/29 February).
  const last = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, last));
  return due;
}

/**
 * The end of the UK tax year (5 April) that `at` falls in, plus six years: how long a payment record is held
 * (HMRC). YYYY-MM-DD.
 */
export function taxRecordsHeldUntil(at: Date): string {
  const year = at.getUTCFullYear();
  const afterApril5 = at.getUTCMonth() > 3 || (at.getUTCMonth() === 3 && at.getUTCDate() > 5);
  return `${(afterApril5 ? year + 1 : year) + 6}-04-05`;
}
