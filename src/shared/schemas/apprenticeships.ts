import { z } from 'zod';
import { text } from './common.ts';
import { END_REASONS, ILR_SEXES, isValidUln, LLDD_CODES, normalisePostcode } from './standards.ts';

// Off-the-job training rules for starts from 1 Aug 2025 (docs/apprenticeships.md).
export const OTJ_MINIMUM_HOURS = 187;
export const MIN_APPRENTICESHIP_MONTHS = 8;
export const MAX_HOURS_PER_DAY = 24;
export const REVIEW_INTERVAL_MONTHS = 3;
export const NO_LEARNING_WARNING_DAYS = 28;

/**
 * What counts as OTJ. English and maths, progress reviews, exams, onboarding and initial assessment do not, so
 * they are not on the list.
 */
export const OTJ_ACTIVITIES = [
  'theory',
  'practical_training',
  'online_learning',
  'live_teaching',
  'simulation',
  'shadowing',
  'mentoring',
  'industry_visit',
  'assignment',
  'revision',
] as const;
export type OtjActivity = (typeof OTJ_ACTIVITIES)[number];
export const OTJ_ACTIVITY_LABELS: Record<OtjActivity, string> = {
  theory: 'Theory (teaching, lectures)',
  practical_training: 'Practical training',
  online_learning: 'Online learning',
  live_teaching: 'Live session',
  simulation: 'Simulation',
  shadowing: 'Shadowing',
  mentoring: 'Mentoring',
  industry_visit: 'Industry visit',
  assignment: 'Writing assignments',
  revision: 'Revision',
};
/** Where an entry came from: the apprentice, or learning on this platform recorded as it happened. */
export const OTJ_SOURCES = ['apprentice', 'video', 'quiz', 'live_session'] as const;
export const OTJ_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const REVIEW_ROLES = ['apprentice', 'tutor', 'employer'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day in ISO form: 2026-02-30 does not round-trip. */
function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const isoDate = (message: string) => text({ error: message }).refine(isIsoDay, message);

/** Calendar months between two ISO dates, counting a partial month as not yet complete. */
export function addMonths(isoDay: string, months: number): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

function postcodeField(message: string) {
  return text()
    .refine((v) => normalisePostcode(v) !== null, message)
    .transform((v) => normalisePostcode(v) as string);
}

const bothDays = (a: { startDate: unknown; endDate: unknown }) =>
  isIsoDay(a.startDate) && isIsoDay(a.endDate);

/** An empty email means no contact (README 'Apprenticeships'): the form sends its blank fields as they are. */
const employerContactSchema = z
  .strictObject({
    email: text()
      .trim()
      .max(254)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter the employer contact’s email'),
    firstName: text().trim().max(100).optional(),
    lastName: text().trim().max(100).optional(),
  })
  .nullish()
  .transform((c) => (c?.email ? { ...c, email: c.email } : null));

const optionalField = <T extends z.ZodType>(schema: T) => schema.nullish();

/** PUT /api/admin/students/:id/apprenticeship */
export const apprenticeshipInputSchema = z
  .strictObject({
    /** The imported standard version the apprentice follows (docs/apprenticeships.md "Standards and KSBs"). */
    standardId: optionalField(z.uuid('Choose a standard')),
    /** Free text for a record without an imported standard; the standard's title when one is chosen. */
    standard: optionalField(text().trim().max(200)),
    level: optionalField(z.number().int().min(2, 'Level is 2 to 7').max(7, 'Level is 2 to 7')),
    startDate: isoDate('Enter the start date'),
    endDate: isoDate('Enter the planned end date'),
    weeklyContractedHours: z
      .number({ error: 'Enter the weekly contracted hours' })
      .min(1, 'Enter the weekly contracted hours')
      .max(60, 'Weekly contracted hours cannot be over 60'),
    /** Left out: the minimum less the prior-learning reduction. */
    plannedOtjHours: optionalField(
      z
        .number({ error: 'Enter the planned off-the-job hours' })
        .int('Planned off-the-job hours are whole hours')
        .min(OTJ_MINIMUM_HOURS, `Planned off-the-job hours must be at least ${OTJ_MINIMUM_HOURS}`)
        .max(10_000),
    ),
    /** For a record without an imported standard: its published minimum, when known. */
    standardMinimumHours: optionalField(
      z
        .number()
        .int()
        .min(OTJ_MINIMUM_HOURS, `A standard’s minimum is at least ${OTJ_MINIMUM_HOURS} hours`)
        .max(10_000),
    ),
    priorLearningReductionHours: optionalField(
      z.number().int('Prior learning is whole hours').min(0).max(10_000),
    ),
    priorLearningReason: optionalField(text().trim().max(2000)),
    // The learner record (ILR 2025-26), in its own codes; each optional here, required for the ILR file.
    uln: optionalField(
      text()
        .trim()
        .refine(
          isValidUln,
          'A ULN is 10 digits ending in its check digit; check it against the learner’s ULN',
        ),
    ),
    dateOfBirth: optionalField(isoDate('Enter the date of birth')),
    sex: optionalField(z.enum(ILR_SEXES, { error: 'Sex is F or M (the ILR’s codes)' })),
    ethnicity: optionalField(
      z
        .number({ error: 'Ethnicity is an ILR code from 31 to 98' })
        .int('Ethnicity is an ILR code from 31 to 98')
        .min(31, 'Ethnicity is an ILR code from 31 to 98')
        .max(98, 'Ethnicity is an ILR code from 31 to 98'),
    ),
    postcode: optionalField(postcodeField('Enter the learner’s home postcode (e.g. M1 1AA)')),
    postcodePrior: optionalField(postcodeField('Enter the postcode before enrolment (e.g. M1 1AA)')),
    llddHealthProblem: optionalField(
      z.union(
        LLDD_CODES.map((c) => z.literal(c)),
        {
          error: 'Learning difficulty or health problem is 1 (yes), 2 (no) or 9 (not provided)',
        },
      ),
    ),
    deliveryPostcode: optionalField(postcodeField('Enter the delivery location’s postcode (e.g. M1 1AA)')),
    actualEndDate: optionalField(isoDate('Enter the actual end date')),
    endReason: optionalField(z.enum(END_REASONS, { error: 'Completed or withdrawn' })),
    employerContact: employerContactSchema,
    /** The tutor whose caseload the apprentice joins; null removes them; left out keeps the current one. */
    tutorUserId: z.uuid('Choose a tutor').nullish(),
  })
  .refine((a) => a.standardId || a.standard, {
    message: 'Choose a standard, or enter the apprenticeship standard',
    path: ['standard'],
  })
  // Zod runs these even when a date above failed its own check: a bad date is already reported, and must never
  // reach the date arithmetic (addMonths on "x" would throw).
  .refine((a) => !bothDays(a) || a.endDate > a.startDate, {
    message: 'The planned end must be after the start',
    path: ['endDate'],
  })
  .refine((a) => !bothDays(a) || a.endDate >= addMonths(a.startDate, MIN_APPRENTICESHIP_MONTHS), {
    message: `An apprenticeship must last at least ${MIN_APPRENTICESHIP_MONTHS} months`,
    path: ['endDate'],
  })
  .refine((a) => (a.priorLearningReductionHours ?? 0) === 0 || Boolean(a.priorLearningReason), {
    message: 'Give the reason for the prior-learning reduction',
    path: ['priorLearningReason'],
  })
  .refine((a) => Boolean(a.actualEndDate) === Boolean(a.endReason), {
    message: 'An actual end date goes with its reason (completed or withdrawn)',
    path: ['endReason'],
  });
export type ApprenticeshipInput = z.input<typeof apprenticeshipInputSchema>;
export type ApprenticeshipData = z.output<typeof apprenticeshipInputSchema>;

/** POST /api/otj and PUT /api/otj/:id (amending a rejected entry). */
export const otjEntryInputSchema = z.strictObject({
  date: isoDate('Enter the date'),
  hours: z
    .number({ error: 'Enter the hours' })
    .positive('Enter the hours')
    .max(MAX_HOURS_PER_DAY, `No more than ${MAX_HOURS_PER_DAY} hours in a day`)
    .refine((h) => Number.isInteger(h * 4), 'Hours go in quarter-hour steps (0.25)'),
  activity: z.enum(OTJ_ACTIVITIES, {
    error:
      'Choose an activity from the list (English and maths, progress reviews and exams are not off-the-job training)',
  }),
  description: text({ error: 'Describe what you learned' })
    .trim()
    .min(10, 'Describe what you learned (at least 10 characters)')
    .max(2000),
  inPaidHours: z
    .boolean({ error: 'Confirm this was in your paid working hours' })
    .refine((v) => v, 'Off-the-job training must be in your paid working hours'),
  evidencePath: text().max(500).nullish(),
  /** The KSBs of the apprentice's standard this entry (and its evidence file) shows; the tutor confirms each. */
  ksbIds: z.array(z.uuid('Choose KSBs from your standard')).max(50).optional(),
});
export type OtjEntryInput = z.input<typeof otjEntryInputSchema>;

export const otjRejectSchema = z.strictObject({
  reason: text({ error: 'Give a reason' }).trim().min(3, 'Give a reason').max(1000),
});

/** POST /api/admin/students/:id/reviews */
export const reviewInputSchema = z.strictObject({
  reviewDate: isoDate('Enter the review date'),
  progressSummary: text().trim().min(1, 'Describe progress against the standard').max(5000),
  otjHoursToDate: z.number({ error: 'Enter the OTJ hours to date' }).min(0).max(100_000),
  nextSteps: text().trim().min(1, 'Enter the next steps').max(5000),
  supportNeeds: text().trim().max(5000).optional().default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

// Responses

export const otjWarningSchema = z.object({
  code: z.enum(['BEHIND', 'NO_RECENT_LEARNING']),
  message: text(),
});

export const otjFiguresSchema = z.object({
  plannedHours: z.number(),
  minimumHours: z.number(),
  approvedHours: z.number(),
  pendingHours: z.number(),
  forecastHours: z.number(),
  paceNeededPerWeek: z.number(),
  lastLearningDate: text().nullable(),
  nextReviewDue: text(),
  reviewOverdue: z.boolean(),
  warnings: z.array(otjWarningSchema),
});
export type OtjFigures = z.infer<typeof otjFiguresSchema>;

export const otjEntrySchema = z.object({
  id: text(),
  date: text(),
  hours: z.number(),
  activity: z.enum(OTJ_ACTIVITIES),
  description: text(),
  inPaidHours: z.boolean().nullable(),
  evidencePath: text().nullable(),
  source: z.enum(OTJ_SOURCES),
  status: z.enum(OTJ_STATUSES),
  rejectionReason: text().nullable(),
  decidedAt: text().nullable(),
  ksbs: z.array(z.object({ id: text(), code: text(), status: z.enum(['pending', 'confirmed', 'rejected']) })),
});
export type OtjEntry = z.infer<typeof otjEntrySchema>;

export const apprenticeshipSchema = z.object({
  studentId: text(),
  standard: text(),
  level: z.number().nullable(),
  startDate: text(),
  endDate: text(),
  weeklyContractedHours: z.number(),
  plannedOtjHours: z.number(),
  standardMinimumHours: z.number().nullable(),
  employerContact: z.object({ id: text(), name: text(), email: text() }).nullable(),
  /** Admins only: contacts that ended without being replaced (adopted from a seat, or the seat taken back). */
  formerEmployerContacts: z
    .array(
      z.object({
        name: text(),
        email: text(),
        reason: z.enum(['adopted', 'seat_taken_back']),
        endedAt: text(),
      }),
    )
    .optional(),
  tutor: z.object({ id: text(), name: text(), email: text() }).nullable(),
  standardRef: z.object({ id: text(), referenceNumber: text(), version: text(), title: text() }).nullable(),
  /** The minimum this plan may not go below: the standard's minimum (or 187) less prior learning, never under 187. */
  planFloorHours: z.number(),
  priorLearningReductionHours: z.number(),
  priorLearningReason: text().nullable(),
  uln: text().nullable(),
  dateOfBirth: text().nullable(),
  sex: z.enum(ILR_SEXES).nullable(),
  ethnicity: z.number().nullable(),
  postcode: text().nullable(),
  postcodePrior: text().nullable(),
  llddHealthProblem: z.number().nullable(),
  deliveryPostcode: text().nullable(),
  actualEndDate: text().nullable(),
  endReason: z.enum(END_REASONS).nullable(),
});
export type Apprenticeship = z.infer<typeof apprenticeshipSchema>;

/** GET /api/otj */
export const otjOverviewSchema = otjFiguresSchema.extend({
  apprenticeship: apprenticeshipSchema,
  entries: z.array(otjEntrySchema),
});
export type OtjOverview = z.infer<typeof otjOverviewSchema>;

export const adminApprenticeSchema = otjFiguresSchema.extend({
  studentId: text(),
  name: text(),
  email: text(),
  standard: text(),
  startDate: text(),
  endDate: text(),
  plannedOtjHours: z.number(),
});
export type AdminApprentice = z.infer<typeof adminApprenticeSchema>;

export const adminOtjEntrySchema = otjEntrySchema.extend({ studentId: text(), studentName: text() });
export type AdminOtjEntry = z.infer<typeof adminOtjEntrySchema>;

export const reviewSignatureSchema = z.object({
  role: z.enum(REVIEW_ROLES),
  name: text(),
  signedAt: text(),
});

export const reviewSchema = z.object({
  id: text(),
  studentId: text(),
  apprenticeName: text(),
  standard: text(),
  reviewDate: text(),
  progressSummary: text(),
  otjHoursToDate: z.number(),
  nextSteps: text(),
  supportNeeds: text(),
  hasEmployerContact: z.boolean(),
  signatures: z.array(reviewSignatureSchema),
  /** The role the caller can still sign as, or null. */
  canSignAs: z.enum(REVIEW_ROLES).nullable(),
  fullySigned: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/apprenticeship/summary: whether the portal shows the apprenticeship link, and reviews waiting. */
export const apprenticeshipSummarySchema = z.object({
  isApprentice: z.boolean(),
  isEmployerContact: z.boolean(),
  reviewsToSign: z.number().int(),
});
export type ApprenticeshipSummary = z.infer<typeof apprenticeshipSummarySchema>;

export const createdSchema = z.object({ id: text() });
