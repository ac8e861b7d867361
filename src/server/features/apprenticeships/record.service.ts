import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#server/db/client.ts';
import { apprenticeships } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { accountPrincipal, can } from '#server/lib/access.policy.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { createAccountIfNew } from '#server/lib/provisioning.service.ts';
import { accountsStanding, userById } from '#server/lib/users.repo.ts';
import {
  type Apprenticeship,
  type ApprenticeshipData,
  OTJ_MINIMUM_HOURS,
} from '#shared/schemas/apprenticeships.ts';
import { employerContactEmail } from './apprenticeships.emails.ts';
import { formerContacts } from './employer-contact.service.ts';
import { displayName } from './names.presenter.ts';
import { findStandard } from './standards.service.ts';

export type ApprenticeshipRow = typeof apprenticeships.$inferSelect;

type EmployerContactInput = NonNullable<ApprenticeshipData['employerContact']>;

/**
 * The employer contact who signs an apprentice's reviews: an existing account found by email, or a new one made
 * through the provisioning path (temporary password emailed, no enrolment). A manager becomes one only by the
 * apprentice's agreement (employer-contact.service.ts), never by default.
 */
export async function resolveEmployerContact(
  tx: Queryable,
  input: { contact: EmployerContactInput; apprentice: { id: string; name: string }; publicUrl: string },
): Promise<string> {
  const { user, createdUser, temporaryPassword } = await createAccountIfNew(tx, {
    email: input.contact.email,
    firstName: input.contact.firstName,
    lastName: input.contact.lastName,
  });
  if (user.id === input.apprentice.id) {
    throw badRequest(
      'The employer contact must be someone other than the apprentice',
      'EMPLOYER_IS_APPRENTICE',
    );
  }
  const [row] = await accountsStanding(tx, [user.id]);
  if (row && can(accountPrincipal(row), 'console:access')) {
    throw badRequest('The employer contact cannot be a staff account', 'EMPLOYER_IS_ADMIN');
  }
  if (createdUser) {
    await enqueueEmail(
      tx,
      employerContactEmail({
        to: input.contact.email.trim(),
        firstName: user.firstName,
        apprenticeName: input.apprentice.name,
        temporaryPassword,
        publicUrl: input.publicUrl,
      }),
    );
  }
  return user.id;
}

/** The tutor whose caseload a student is in (null: none, or no apprenticeship). */
export async function tutorOf(db: Queryable, studentId: string): Promise<string | null> {
  const [row] = await db
    .select({ tutorUserId: apprenticeships.tutorUserId })
    .from(apprenticeships)
    .where(eq(apprenticeships.studentId, studentId));
  return row?.tutorUserId ?? null;
}

/** Creates or replaces a student's apprenticeship record (the rules are in the shared schema). */
export async function saveApprenticeship(
  database: Database,
  studentId: string,
  input: ApprenticeshipData,
  { publicUrl, actor }: { publicUrl: string; actor: AuditActor },
): Promise<Apprenticeship> {
  await database.db.transaction(async (tx) => {
    const student = await userById(tx, studentId);
    const before = await findApprenticeship(tx, studentId);
    if (student?.role !== 'student') throw notFound('Student not found');
    // No contact chosen: none (a manager becomes one only when the apprentice accepts their proposal).
    const employerContactId = input.employerContact
      ? await resolveEmployerContact(tx, {
          contact: input.employerContact,
          apprentice: { id: student.id, name: displayName(student) },
          publicUrl,
        })
      : null;
    const [current] = await tx
      .select({ contactId: apprenticeships.employerContactId, seatId: apprenticeships.employerContactSeatId })
      .from(apprenticeships)
      .where(eq(apprenticeships.studentId, studentId))
      .for('update');
    // The same contact kept: still tied to the seat it came from; any other is the admin's own choice.
    const employerContactSeatId =
      current && employerContactId && current.contactId === employerContactId ? current.seatId : null;
    const plan = await planOf(tx, input);
    const values = {
      ...plan,
      startDate: input.startDate,
      endDate: input.endDate,
      weeklyContractedHours: input.weeklyContractedHours,
      uln: input.uln ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      sex: input.sex ?? null,
      ethnicity: input.ethnicity ?? null,
      postcode: input.postcode ?? null,
      postcodePrior: input.postcodePrior ?? null,
      llddHealthProblem: input.llddHealthProblem ?? null,
      deliveryPostcode: input.deliveryPostcode ?? null,
      actualEndDate: input.actualEndDate ?? null,
      endReason: input.endReason ?? null,
      employerContactId,
      employerContactSeatId,
      ...(input.tutorUserId === undefined ? {} : { tutorUserId: await checkTutor(tx, input.tutorUserId) }),
    };
    await tx
      .insert(apprenticeships)
      .values({ studentId, ...values })
      .onConflictDoUpdate({ target: apprenticeships.studentId, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, actor, {
      action: before ? 'apprenticeship.update' : 'apprenticeship.create',
      entityType: 'apprenticeship',
      entityId: studentId,
      summary: changeSummary(before ?? {}, {
        ...values,
        tutorUserId: values.tutorUserId ?? before?.tutorUserId,
      }),
    });
    // Entries the new dates leave outside the apprenticeship would be refused if logged now; say so instead of
    // silently keeping them in the figures.
    const [outside] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        SELECT count(*)::int AS n FROM otj_entries
        WHERE student_id = ${studentId} AND status <> 'rejected'
          AND (date < ${input.startDate} OR date > ${input.endDate})`),
    );
    if ((outside?.n ?? 0) > 0) {
      throw badRequest(
        `${outside!.n} logged ${outside!.n === 1 ? 'entry falls' : 'entries fall'} outside these dates; reject or correct ${outside!.n === 1 ? 'it' : 'them'} first`,
        'ENTRIES_OUTSIDE_DATES',
      );
    }
  });
  return getApprenticeship(database.db, studentId);
}

/**
 * The plan (docs/apprenticeships.md "The plan"): the standard version and its minimum, less the prior-learning
 * reduction; planned hours default to that figure and may be raised, never set below it (nor below 187).
 */
async function planOf(tx: Queryable, input: ApprenticeshipData) {
  const standard = input.standardId ? await findStandard(tx, input.standardId) : null;
  if (input.standardId && !standard) throw badRequest('standardId: no such standard', 'STANDARD_NOT_FOUND');
  const minimum = standard ? standard.minimumOtjHours : (input.standardMinimumHours ?? null);
  const reduction = input.priorLearningReductionHours ?? 0;
  const floor = planFloor(minimum, reduction);
  const plannedOtjHours = input.plannedOtjHours ?? floor;
  if (plannedOtjHours < floor) {
    throw badRequest(
      reduction
        ? `Planned off-the-job hours must be at least ${floor} (the minimum less prior learning)`
        : 'Planned off-the-job hours are below the standard’s minimum',
      'OTJ_BELOW_MINIMUM',
    );
  }
  return {
    standardId: standard?.id ?? null,
    standard: standard
      ? `${standard.title} (${standard.referenceNumber} v${standard.version})`
      : input.standard!.trim(),
    level: standard?.level ?? input.level ?? null,
    standardMinimumHours: minimum,
    plannedOtjHours,
    priorLearningReductionHours: reduction,
    priorLearningReason: reduction > 0 ? (input.priorLearningReason ?? null) : null,
  };
}

/** The least a plan may hold: the minimum (187 when none is published) less prior learning, never under 187. */
export function planFloor(minimum: number | null, reduction: number): number {
  return Math.max(OTJ_MINIMUM_HOURS, (minimum ?? OTJ_MINIMUM_HOURS) - reduction);
}

/** A tutor chosen for a caseload must be a staff account holding the tutor role. */
async function checkTutor(tx: Queryable, tutorUserId: string | null): Promise<string | null> {
  if (tutorUserId === null) return null;
  const [row] = await accountsStanding(tx, [tutorUserId]);
  if (!row?.isActive || !can(accountPrincipal(row), 'caseload:read') || row.role === 'student') {
    throw badRequest('Choose an active staff member who holds the tutor role', 'NOT_A_TUTOR');
  }
  return row.id;
}

export async function findApprenticeship(
  db: Queryable,
  studentId: string,
): Promise<ApprenticeshipRow | null> {
  const [row] = await db.select().from(apprenticeships).where(eq(apprenticeships.studentId, studentId));
  return row ?? null;
}

export async function getApprenticeship(db: Queryable, studentId: string): Promise<Apprenticeship> {
  const row = await findApprenticeship(db, studentId);
  if (!row) throw notFound('This student has no apprenticeship record', 'NO_APPRENTICESHIP');
  return {
    ...(await presentApprenticeship(db, row)),
    formerEmployerContacts: await formerContacts(db, studentId),
  };
}

export async function presentApprenticeship(db: Queryable, row: ApprenticeshipRow): Promise<Apprenticeship> {
  const person = async (id: string | null) => (id ? await userById(db, id) : undefined);
  const [contact, tutor, standard] = await Promise.all([
    person(row.employerContactId),
    person(row.tutorUserId),
    row.standardId ? findStandard(db, row.standardId) : null,
  ]);
  return {
    studentId: row.studentId,
    standard: row.standard,
    level: row.level,
    startDate: row.startDate,
    endDate: row.endDate,
    weeklyContractedHours: row.weeklyContractedHours,
    plannedOtjHours: row.plannedOtjHours,
    standardMinimumHours: row.standardMinimumHours,
    employerContact: contact ? { id: contact.id, name: displayName(contact), email: contact.email } : null,
    tutor: tutor ? { id: tutor.id, name: displayName(tutor), email: tutor.email } : null,
    standardRef: standard
      ? {
          id: standard.id,
          referenceNumber: standard.referenceNumber,
          version: standard.version,
          title: standard.title,
        }
      : null,
    planFloorHours: planFloor(row.standardMinimumHours, row.priorLearningReductionHours),
    priorLearningReductionHours: row.priorLearningReductionHours,
    priorLearningReason: row.priorLearningReason,
    uln: row.uln,
    dateOfBirth: row.dateOfBirth,
    sex: row.sex,
    ethnicity: row.ethnicity,
    postcode: row.postcode,
    postcodePrior: row.postcodePrior,
    llddHealthProblem: row.llddHealthProblem,
    deliveryPostcode: row.deliveryPostcode,
    actualEndDate: row.actualEndDate,
    endReason: row.endReason,
  };
}

/** Rows from db.execute on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
