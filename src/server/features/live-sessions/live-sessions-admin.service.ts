import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '#server/db/client.ts';
import { courses, enrolments, liveSessionAttendees, liveSessions, users } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import { emitEvent } from '#server/lib/jobs.service.ts';
import type { AdminLiveSession, liveSessionInputSchema } from '#shared/schemas/admin-sessions.ts';
import { presentLiveSession } from './live-sessions-admin.presenter.ts';

type SessionInput = z.output<typeof liveSessionInputSchema>;

async function attendeesOf(db: Queryable, sessionIds: string[]) {
  if (!sessionIds.length) return [];
  return db
    .select({
      sessionId: liveSessionAttendees.sessionId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(liveSessionAttendees)
    .innerJoin(users, eq(users.id, liveSessionAttendees.userId))
    .where(inArray(liveSessionAttendees.sessionId, sessionIds))
    .orderBy(asc(users.firstName), asc(users.email));
}

/**
 * Upcoming sessions first (soonest first), then the last 30 days' past ones; only those of `courseIds` when
 * given (an instructor's courses, docs/staff.md).
 */
export async function listSessions(db: Db, courseIds?: string[]): Promise<AdminLiveSession[]> {
  if (courseIds && !courseIds.length) return [];
  const recent = gte(liveSessions.endTime, sql`now() - interval '30 days'`);
  const rows = await db
    .select()
    .from(liveSessions)
    .where(courseIds ? and(recent, inArray(liveSessions.courseId, courseIds)) : recent)
    .orderBy(desc(sql`${liveSessions.endTime} >= now()`), asc(liveSessions.startTime))
    .limit(200);
  const attendees = await attendeesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    presentLiveSession(
      r,
      attendees.filter((a) => a.sessionId === r.id).map(({ sessionId: _, ...a }) => a),
    ),
  );
}

export async function getSession(db: Db, id: string): Promise<AdminLiveSession> {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, id));
  if (!row) throw notFound('Session not found');
  const attendees = await attendeesOf(db, [id]);
  return presentLiveSession(
    row,
    attendees.map(({ sessionId: _, ...a }) => a),
  );
}

/** Attendees must be students enrolled in at least one course (or in the session's course when it has one). */
async function setAttendees(tx: Queryable, sessionId: string, input: SessionInput) {
  const ids = [...new Set(input.attendeeIds)];
  if (ids.length) {
    const conditions = [inArray(users.id, ids), eq(users.role, 'student')];
    if (input.courseId) conditions.push(eq(enrolments.courseId, input.courseId));
    const ok = await tx
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(enrolments, eq(enrolments.userId, users.id))
      .where(and(...conditions));
    if (ok.length !== ids.length) {
      throw badRequest(
        input.courseId
          ? 'Attendees must be students enrolled in the chosen course'
          : 'Attendees must be enrolled students',
      );
    }
  }
  await tx.delete(liveSessionAttendees).where(eq(liveSessionAttendees.sessionId, sessionId));
  if (ids.length) await tx.insert(liveSessionAttendees).values(ids.map((userId) => ({ sessionId, userId })));
}

function values(input: SessionInput) {
  return {
    title: input.title,
    description: input.description,
    startTime: new Date(input.startTime),
    endTime: new Date(input.endTime),
    sessionType: input.sessionType,
    location: input.location || null,
    courseId: input.courseId ?? null,
  };
}

async function checkCourse(db: Queryable, courseId: string | null | undefined) {
  if (!courseId) return;
  const [c] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!c) throw badRequest('Course not found');
}

/** The course a session belongs to (null: none), for the access policy; undefined when the session is unknown. */
export async function sessionCourse(db: Queryable, id: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ courseId: liveSessions.courseId })
    .from(liveSessions)
    .where(eq(liveSessions.id, id));
  return row ? row.courseId : undefined;
}

/** What the audit trail shows of a session (docs/staff.md#audit-trail). */
const auditFields = (v: ReturnType<typeof values>) => ({
  title: v.title,
  start: v.startTime.toISOString(),
  end: v.endTime.toISOString(),
  type: v.sessionType,
  location: v.location,
  course: v.courseId,
});

export async function createSession(
  db: Db,
  actor: AuditActor,
  input: SessionInput,
): Promise<AdminLiveSession> {
  const id = await db.transaction(async (tx) => {
    await checkCourse(tx, input.courseId);
    const [row] = await tx
      .insert(liveSessions)
      .values({ ...values(input), createdBy: actor.id })
      .returning({ id: liveSessions.id });
    await setAttendees(tx, row!.id, input);
    await emitEvent(tx, { kind: 'session.changed', payload: { sessionId: row!.id, change: 'scheduled' } });
    await recordAudit(tx, actor, {
      action: 'live_session.create',
      entityType: 'live_session',
      entityId: row!.id,
      summary: `created: ${input.title}`,
    });
    return row!.id;
  });
  return getSession(db, id);
}

export async function updateSession(
  db: Db,
  actor: AuditActor,
  id: string,
  input: SessionInput,
): Promise<AdminLiveSession> {
  await db.transaction(async (tx) => {
    await checkCourse(tx, input.courseId);
    const [before] = await tx.select().from(liveSessions).where(eq(liveSessions.id, id)).for('update');
    if (!before) throw notFound('Session not found');
    await tx
      .update(liveSessions)
      .set({ ...values(input), sequence: sql`${liveSessions.sequence} + 1`, updatedAt: new Date() })
      .where(eq(liveSessions.id, id));
    await setAttendees(tx, id, input);
    await emitEvent(tx, { kind: 'session.changed', payload: { sessionId: id, change: 'changed' } });
    await recordAudit(tx, actor, {
      action: 'live_session.update',
      entityType: 'live_session',
      entityId: id,
      summary: changeSummary(auditFields(before), auditFields(values(input))),
    });
  });
  return getSession(db, id);
}

/** Cancelled sessions stay listed (marked) so attendees see that they are off; restore by scheduling again. */
export async function setSessionStatus(
  db: Db,
  actor: AuditActor,
  id: string,
  status: 'scheduled' | 'cancelled',
): Promise<AdminLiveSession> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: liveSessions.status })
      .from(liveSessions)
      .where(eq(liveSessions.id, id))
      .for('update');
    if (!before) throw notFound('Session not found');
    await tx
      .update(liveSessions)
      .set({ status, sequence: sql`${liveSessions.sequence} + 1`, updatedAt: new Date() })
      .where(eq(liveSessions.id, id));
    const change = status === 'cancelled' ? 'cancelled' : 'changed';
    await emitEvent(tx, { kind: 'session.changed', payload: { sessionId: id, change } });
    await recordAudit(tx, actor, {
      action: status === 'cancelled' ? 'live_session.cancel' : 'live_session.restore',
      entityType: 'live_session',
      entityId: id,
      summary: changeSummary(before, { status }),
    });
  });
  return getSession(db, id);
}

export async function deleteSession(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(liveSessions)
      .where(eq(liveSessions.id, id))
      .returning({ id: liveSessions.id, title: liveSessions.title });
    if (!deleted.length) throw notFound('Session not found');
    await recordAudit(tx, actor, {
      action: 'live_session.delete',
      entityType: 'live_session',
      entityId: id,
      summary: `deleted: ${deleted[0]!.title}`,
    });
  });
}
