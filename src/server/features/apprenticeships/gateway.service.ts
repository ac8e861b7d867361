import { asc, eq } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  apprenticeshipQualifications,
  apprenticeships,
  gatewaySignatures,
  progressReviews,
  standards,
  users,
} from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { conflict, forbidden, notFound } from '#server/lib/http.error.ts';
import { userById } from '#server/lib/users.repo.ts';
import { ukIsoDate } from '#shared/format.ts';
import { GATEWAY_REVIEW_WEEKS, type Gateway, type GatewayRole } from '#shared/schemas/standards.ts';
import { loadFigures } from './figures.repo.ts';
import { ksbMatrix } from './ksb.service.ts';
import { displayName } from './names.presenter.ts';

// Gateway readiness (docs/apprenticeships.md "Gateway readiness"): one answer for the apprentice, their tutor and
// their employer contact.

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const REVIEW_GAP_DAYS = GATEWAY_REVIEW_WEEKS * 7;

/** Whom the gateway is shown to: the tutor's side (admins, the caseload's tutor), the employer, or the apprentice. */
export type GatewayParty = 'apprentice' | GatewayRole;

type Record = typeof apprenticeships.$inferSelect;

async function recordOf(db: Queryable, studentId: string): Promise<Record> {
  const [record] = await db.select().from(apprenticeships).where(eq(apprenticeships.studentId, studentId));
  if (!record) throw notFound('This student has no apprenticeship record', 'NO_APPRENTICESHIP');
  return record;
}

/** Reviews at most 12 weeks apart, from the start; the next is due 12 weeks after the latest. */
function reviewCheck(startDate: string, reviewDates: string[], today: string): Gateway['reviews'] {
  const points = [startDate, ...reviewDates];
  const longGaps: Gateway['reviews']['longGaps'] = [];
  for (let i = 1; i < points.length; i++) {
    if (points[i]! > addDays(points[i - 1]!, REVIEW_GAP_DAYS))
      longGaps.push({ from: points[i - 1]!, to: points[i]! });
  }
  const last = reviewDates.at(-1) ?? null;
  const nextDue = addDays(last ?? startDate, REVIEW_GAP_DAYS);
  return { last, nextDue, overdue: nextDue < today, longGaps };
}

export async function gatewayFor(db: Queryable, studentId: string, as: GatewayParty): Promise<Gateway> {
  const record = await recordOf(db, studentId);
  const [student, standard, figures, matrix, reviews, qualifications, signatures] = await Promise.all([
    db
      .select()
      .from(users)
      .where(eq(users.id, studentId))
      .then((r) => r[0]!),
    record.standardId
      ? db
          .select()
          .from(standards)
          .where(eq(standards.id, record.standardId))
          .then((r) => r[0] ?? null)
      : null,
    loadFigures(db, { studentId }).then((r) => r[0]!),
    ksbMatrix(db, record),
    db
      .select({ date: progressReviews.reviewDate })
      .from(progressReviews)
      .where(eq(progressReviews.apprenticeshipId, record.id))
      .orderBy(asc(progressReviews.reviewDate)),
    db
      .select()
      .from(apprenticeshipQualifications)
      .where(eq(apprenticeshipQualifications.apprenticeshipId, record.id))
      .orderBy(asc(apprenticeshipQualifications.createdAt)),
    db.select().from(gatewaySignatures).where(eq(gatewaySignatures.apprenticeshipId, record.id)),
  ]);
  const today = ukIsoDate();
  const reviewState = reviewCheck(
    record.startDate,
    reviews.map((r) => r.date),
    today,
  );
  const approved = Math.round((figures.approvedSeconds / 3600) * 100) / 100;
  const checks = {
    ksbs: matrix.length > 0 && matrix.every((k) => k.status === 'signed_off'),
    hours: approved >= record.plannedOtjHours,
    reviews: !reviewState.overdue && reviewState.longGaps.length === 0,
    qualifications: qualifications.every((q) => Boolean(q.evidencePath && q.achievedOn)),
  };
  const ready = Object.values(checks).every(Boolean);
  const signedRoles = new Set(signatures.map((s) => s.role));
  const canSignAs = ready && as !== 'apprentice' && !signedRoles.has(as) ? as : null;
  return {
    studentId,
    apprenticeName: displayName(student),
    standard: standard
      ? {
          id: standard.id,
          referenceNumber: standard.referenceNumber,
          version: standard.version,
          title: standard.title,
        }
      : null,
    ksbs: matrix.map((k) => ({ code: k.code, status: k.status, evidenceCount: k.evidenceCount })),
    matrix,
    hours: { planned: record.plannedOtjHours, approved },
    pace: { forecast: figures.figures.forecastHours, neededPerWeek: figures.figures.paceNeededPerWeek },
    reviews: reviewState,
    qualifications: qualifications.map((q) => ({
      id: q.id,
      title: q.title,
      achievedOn: q.achievedOn,
      hasEvidence: Boolean(q.evidencePath),
    })),
    checks,
    ready,
    signatures: signatures.map((s) => ({ role: s.role, name: s.name, signedAt: s.signedAt.toISOString() })),
    canSignAs,
    canSignKsbs: as === 'tutor',
  };
}

/** The caller's own gateway, as their apprenticeship's apprentice. */
export function ownGateway(db: Queryable, caller: Principal): Promise<Gateway> {
  return gatewayFor(db, caller.id, 'apprentice');
}

/** The apprentices an employer contact reads (read-only hours, pace and readiness). */
export async function employerGateways(db: Queryable, caller: Principal): Promise<Gateway[]> {
  const rows = await db
    .select({ studentId: apprenticeships.studentId })
    .from(apprenticeships)
    .where(eq(apprenticeships.employerContactId, caller.id));
  return Promise.all(rows.map((r) => gatewayFor(db, r.studentId, 'employer')));
}

/**
 * "Ready for gateway", signed by the tutor and by the employer contact, each once (the primary key), only when
 * every check passes; the date is recorded.
 */
export async function signGateway(
  db: Db,
  actor: AuditActor,
  studentId: string,
  role: GatewayRole,
): Promise<Gateway> {
  const record = await recordOf(db, studentId);
  if (role === 'employer' && record.employerContactId !== actor.id) {
    throw forbidden('Only the apprentice’s employer contact signs as employer', 'NOT_EMPLOYER_CONTACT');
  }
  const before = await gatewayFor(db, studentId, role);
  if (!before.ready) throw conflict('Not every gateway check passes yet', 'GATEWAY_NOT_READY');
  const signer = await userById(db, actor.id);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(gatewaySignatures)
      .values({ apprenticeshipId: record.id, role, userId: actor.id, name: displayName(signer!) })
      .onConflictDoNothing()
      .returning({ role: gatewaySignatures.role });
    if (inserted.length === 0) {
      throw conflict(`Already signed ready for gateway as ${role}`, 'GATEWAY_ALREADY_SIGNED');
    }
    await recordAudit(tx, actor, {
      action: 'gateway.sign',
      entityType: 'apprenticeship',
      entityId: studentId,
      summary: `ready for gateway signed as ${role}`,
    });
  });
  return gatewayFor(db, studentId, role);
}

/** A tutor's caseload (everyone for admins) sorted by readiness: ready first, then the most checks passing. */
export async function readinessList(db: Queryable, caller: Principal) {
  const rows = await db
    .select({ studentId: apprenticeships.studentId })
    .from(apprenticeships)
    .where(can(caller, 'admin:access') ? undefined : eq(apprenticeships.tutorUserId, caller.id));
  const gateways = await Promise.all(rows.map((r) => gatewayFor(db, r.studentId, 'tutor')));
  const score = (g: Gateway) =>
    Object.values(g.checks).filter(Boolean).length +
    g.ksbs.filter((k) => k.status === 'signed_off').length / Math.max(1, g.ksbs.length);
  return gateways.sort((a, b) => score(b) - score(a) || a.apprenticeName.localeCompare(b.apprenticeName));
}
