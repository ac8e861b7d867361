import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  OTJ_ACTIVITIES,
  OTJ_SOURCES,
  OTJ_STATUSES,
  REVIEW_ROLES,
} from '../../../shared/schemas/apprenticeships.ts';
import { END_REASONS, ILR_SEXES } from '../../../shared/schemas/standards.ts';
import { standards } from './standards.ts';
import { teamSeats } from './teams.ts';
import { timestamps, users } from './users.ts';

/** One apprenticeship per student: what the learner record (ILR) needs (docs/apprenticeships.md). */
export const apprenticeships = pgTable(
  'apprenticeships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    standard: text('standard').notNull(),
    level: integer('level'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    weeklyContractedHours: real('weekly_contracted_hours').notNull(),
    plannedOtjHours: integer('planned_otj_hours').notNull(),
    // The standard's own published minimum when it is above the 187-hour floor.
    standardMinimumHours: integer('standard_minimum_hours'),
    employerContactId: uuid('employer_contact_id').references(() => users.id, { onDelete: 'set null' }),
    // The team seat whose manager the apprentice accepted as contact: taking that seat back ends the contact.
    employerContactSeatId: uuid('employer_contact_seat_id').references(() => teamSeats.id, {
      onDelete: 'set null',
    }),
    // The tutor (assessor) whose caseload this apprentice is in (docs/staff.md).
    tutorUserId: uuid('tutor_user_id').references(() => users.id, { onDelete: 'set null' }),
    // The standard version the apprentice follows: a later version imported does not move them
    // (docs/apprenticeships.md "Standards and KSBs").
    standardId: uuid('standard_id').references((): AnyPgColumn => standards.id, { onDelete: 'restrict' }),
    priorLearningReductionHours: integer('prior_learning_reduction_hours').notNull().default(0),
    priorLearningReason: text('prior_learning_reason'),
    // What the learner record (ILR) needs, in the ILR's own codes (docs/apprenticeships.md "The ILR file").
    uln: text('uln'),
    dateOfBirth: date('date_of_birth'),
    sex: text('sex', { enum: ILR_SEXES }),
    ethnicity: integer('ethnicity'),
    postcode: text('postcode'),
    postcodePrior: text('postcode_prior'),
    llddHealthProblem: integer('lldd_health_problem'),
    deliveryPostcode: text('delivery_postcode'),
    actualEndDate: date('actual_end_date'),
    endReason: text('end_reason', { enum: END_REASONS }),
    ...timestamps,
  },
  (t) => [
    index('apprenticeships_employer_contact_idx').on(t.employerContactId),
    index('apprenticeships_tutor_idx').on(t.tutorUserId),
    check('apprenticeships_planned_min', sql`${t.plannedOtjHours} >= 187`),
    check('apprenticeships_dates', sql`${t.endDate} > ${t.startDate}`),
    check('apprenticeships_prior_learning', sql`${t.priorLearningReductionHours} >= 0`),
    index('apprenticeships_standard_idx').on(t.standardId),
  ],
);

/**
 * Off-the-job entries. Seconds, so platform learning (video watched, quizzes) keeps its exact time; the apprentice's
 * own entries are whole quarter hours. Only `approved` rows count towards the figures.
 */
export const otjEntries = pgTable(
  'otj_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apprenticeshipId: uuid('apprenticeship_id')
      .notNull()
      .references(() => apprenticeships.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    seconds: integer('seconds').notNull(),
    activity: text('activity', { enum: OTJ_ACTIVITIES }).notNull(),
    description: text('description').notNull(),
    // Null for platform learning: the tutor confirms paid hours with the employer when approving.
    inPaidHours: boolean('in_paid_hours'),
    evidencePath: text('evidence_path'),
    source: text('source', { enum: OTJ_SOURCES }).notNull().default('apprentice'),
    // The topic, quiz or live session platform learning came from.
    sourceRef: text('source_ref'),
    status: text('status', { enum: OTJ_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('otj_entries_student_date_idx').on(t.studentId, t.date),
    index('otj_entries_status_idx').on(t.status, t.createdAt),
    index('otj_entries_evidence_idx').on(t.evidencePath),
    // The same entry twice (a double submit, a second tab) is refused by the database.
    uniqueIndex('otj_entries_no_duplicate_uq')
      .on(t.studentId, t.date, t.activity, t.seconds, sql`lower(btrim(${t.description}))`)
      .where(sql`${t.source} = 'apprentice' AND ${t.status} <> 'rejected'`),
    // Platform learning collects into one pending row per source, item and day.
    uniqueIndex('otj_entries_platform_uq')
      .on(t.studentId, t.source, t.sourceRef, t.date)
      .where(sql`${t.source} <> 'apprentice' AND ${t.status} = 'pending'`),
    // One entry per apprentice and live session, whoever makes it (the register or the attendance worker).
    uniqueIndex('otj_entries_live_session_uq')
      .on(t.studentId, t.sourceRef)
      .where(sql`${t.source} = 'live_session'`),
    check('otj_entries_seconds', sql`${t.seconds} > 0 AND ${t.seconds} <= 86400`),
  ],
);

export const progressReviews = pgTable(
  'progress_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apprenticeshipId: uuid('apprenticeship_id')
      .notNull()
      .references(() => apprenticeships.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The employer contact when the review was recorded: they sign it in their own account.
    employerContactId: uuid('employer_contact_id').references(() => users.id, { onDelete: 'set null' }),
    reviewDate: date('review_date').notNull(),
    progressSummary: text('progress_summary').notNull(),
    otjHoursToDate: real('otj_hours_to_date').notNull(),
    nextSteps: text('next_steps').notNull(),
    supportNeeds: text('support_needs').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('progress_reviews_student_idx').on(t.studentId, t.reviewDate),
    index('progress_reviews_employer_idx').on(t.employerContactId),
  ],
);

/** One signature per role per review (the primary key makes signing once atomic). */
export const reviewSignatures = pgTable(
  'review_signatures',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => progressReviews.id, { onDelete: 'cascade' }),
    role: text('role', { enum: REVIEW_ROLES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.role] })],
);

/**
 * A team manager's offer to be an apprentice's employer contact (docs/apprenticeships.md "Employer contact and reviews"): it
 * takes effect only when the apprentice accepts it, and goes with the seat it came from.
 */
export const employerContactProposals = pgTable(
  'employer_contact_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seatId: uuid('seat_id')
      .notNull()
      .unique()
      .references(() => teamSeats.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    managerUserId: uuid('manager_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employer_contact_proposals_student_idx').on(t.studentId)],
);

/** Employer contacts that ended without the admin replacing them, and why: admins see who they were. */
export const employerContactEndings = pgTable(
  'employer_contact_endings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => users.id, { onDelete: 'set null' }),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    // adopted: set from a seat without the apprentice's agreement (cleared by migration); seat_taken_back.
    reason: text('reason', { enum: ['adopted', 'seat_taken_back'] }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employer_contact_endings_student_idx').on(t.studentId, t.endedAt)],
);
