import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  apprenticeships,
  enrolments,
  liveSessionAttendance,
  liveSessionAttendees,
  liveSessionResponses,
  liveSessions,
  users,
} from '#server/db/schema/index.ts';
import { displayName, recordSessionRegister } from '#server/features/apprenticeships/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { can, type Principal } from '#server/lib/access-policy.ts';
import { badRequest, forbidden, notFound } from '#server/lib/errors.ts';
import { coursesTaughtBy } from '#server/lib/teaching.ts';
import type { SessionRegister } from '#shared/schemas/live-sessions.ts';

async function sessionRow(db: Queryable, id: string) {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, id));
  if (!row) throw notFound('Session not found');
  return row;
}

/** Who the register lists: the session's attendee list, and every student enrolled in its course. */
async function expectedPeople(db: Queryable, session: { id: string; courseId: string | null }) {
  const onList = db
    .select({ id: liveSessionAttendees.userId })
    .from(liveSessionAttendees)
    .where(eq(liveSessionAttendees.sessionId, session.id));
  const enrolled = db
    .select({ id: enrolments.userId })
    .from(enrolments)
    .where(eq(enrolments.courseId, session.courseId ?? sql`NULL::uuid`));
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      attending: liveSessionResponses.attending,
      present: liveSessionAttendance.present,
    })
    .from(users)
    .leftJoin(
      liveSessionResponses,
      and(eq(liveSessionResponses.sessionId, session.id), eq(liveSessionResponses.userId, users.id)),
    )
    .leftJoin(
      liveSessionAttendance,
      and(eq(liveSessionAttendance.sessionId, session.id), eq(liveSessionAttendance.userId, users.id)),
    )
    .where(and(eq(users.role, 'student'), or(inArray(users.id, onList), inArray(users.id, enrolled))))
    .orderBy(asc(users.firstName), asc(users.email))
    .limit(5000);
}

/**
 * Whose register a staff member may take (docs/staff.md): admins every session's; an instructor the sessions of the
 * courses they teach; a tutor the sessions someone of their caseload is expected at. Anyone else: 403.
 */
async function assertRunsRegister(
  db: Queryable,
  caller: Principal,
  session: { id: string; courseId: string | null },
): Promise<void> {
  if (can(caller, 'admin:access')) return;
  if (session.courseId && (await coursesTaughtBy(db, caller.id)).includes(session.courseId)) return;
  const people = await expectedPeople(db, session);
  if (people.length) {
    const [tutored] = await db
      .select({ id: apprenticeships.id })
      .from(apprenticeships)
      .where(
        and(
          eq(apprenticeships.tutorUserId, caller.id),
          inArray(
            apprenticeships.studentId,
            people.map((p) => p.id),
          ),
        ),
      )
      .limit(1);
    if (tutored) return;
  }
  throw forbidden('This session is not one of your courses or caseload', 'NOT_YOUR_SESSION');
}

export async function getRegister(
  db: Queryable,
  caller: Principal,
  sessionId: string,
): Promise<SessionRegister> {
  const session = await sessionRow(db, sessionId);
  await assertRunsRegister(db, caller, session);
  const people = await expectedPeople(db, session);
  return {
    sessionId,
    title: session.title,
    startTime: session.startTime.toISOString(),
    takenAt: session.registerTakenAt?.toISOString() ?? null,
    people: people.map((p) => ({
      id: p.id,
      name: displayName(p),
      email: p.email,
      attending: p.attending,
      present: p.present,
    })),
  };
}

/**
 * Takes (or corrects) the register: the people listed are present, everyone else expected is absent. Present
 * apprentices get an approved OTJ entry with the session as evidence (apprenticeships' recordSessionRegister),
 * exactly once however often the register is saved. The session row is locked, so two saves run one after the
 * other.
 */
export async function takeRegister(
  db: Db,
  actor: AuditActor,
  caller: Principal,
  sessionId: string,
  presentIds: string[],
): Promise<SessionRegister> {
  await db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(liveSessions)
      .where(eq(liveSessions.id, sessionId))
      .for('update');
    if (!session) throw notFound('Session not found');
    await assertRunsRegister(tx, caller, session);
    if (session.status === 'cancelled')
      throw badRequest('A cancelled session has no register', 'SESSION_CLOSED');
    const expected = new Set((await expectedPeople(tx, session)).map((p) => p.id));
    const present = [...new Set(presentIds)];
    if (present.some((id) => !expected.has(id))) {
      throw badRequest(
        "Someone marked present is neither on the session's list nor enrolled in its course",
        'NOT_EXPECTED',
      );
    }
    const presentSet = new Set(present);
    const absent = [...expected].filter((id) => !presentSet.has(id));
    if (expected.size) {
      await tx
        .insert(liveSessionAttendance)
        .values(
          [...expected].map((userId) => ({
            sessionId,
            userId,
            present: presentSet.has(userId),
            markedBy: actor.id,
          })),
        )
        .onConflictDoUpdate({
          target: [liveSessionAttendance.sessionId, liveSessionAttendance.userId],
          set: { present: sql`excluded.present`, markedBy: actor.id, markedAt: sql`now()` },
        });
    }
    await tx.update(liveSessions).set({ registerTakenAt: new Date() }).where(eq(liveSessions.id, sessionId));
    await recordSessionRegister(tx, {
      sessionId,
      presentUserIds: present,
      absentUserIds: absent,
      markedBy: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'session.register',
      entityType: 'live_session',
      entityId: sessionId,
      summary: `register taken for '${session.title}': ${present.length} present, ${absent.length} absent`,
    });
  });
  return getRegister(db, caller, sessionId);
}
