import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Db, Queryable, Tx } from '#server/db/client.ts';
import { apprenticeships, otjEntries, otjEntryKsbs, users } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { attachObject, normaliseObjectPath } from '#server/features/media/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '#server/lib/http.error.ts';
import { emitEvent } from '#server/lib/jobs.service.ts';
import { formatDate, ukIsoDate } from '#shared/format.ts';
import type { AdminOtjEntry, OtjEntryInput, OtjOverview } from '#shared/schemas/apprenticeships.ts';
import { type OtjEntryRow, presentEntry } from './apprenticeships.presenter.ts';
import { loadFigures } from './figures.repo.ts';
import { decideTags, tagEntry, tagsOf } from './ksb.service.ts';
import { displayName } from './names.presenter.ts';
import { findApprenticeship, presentApprenticeship } from './record.service.ts';

type EntryInput = OtjEntryInput & { date: string; hours: number; description: string };

/** GET /api/otj: the apprentice's figures and every entry, newest first. */
export async function getOverview(db: Queryable, caller: Principal): Promise<OtjOverview> {
  const record = await findApprenticeship(db, caller.id);
  if (!record) throw notFound('You have no apprenticeship on TradeSkills', 'NO_APPRENTICESHIP');
  const [row] = await loadFigures(db, { studentId: caller.id });
  const entries = await db
    .select()
    .from(otjEntries)
    .where(eq(otjEntries.studentId, caller.id))
    .orderBy(desc(otjEntries.date), desc(otjEntries.createdAt));
  return {
    ...row!.figures,
    apprenticeship: await presentApprenticeship(db, record),
    entries: await withTags(db, entries),
  };
}

async function withTags(db: Queryable, rows: OtjEntryRow[]) {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentEntry(r, tags.get(r.id)));
}

/** The apprenticeship, locked so one apprentice's entries are checked and written one at a time. */
async function lockApprenticeship(tx: Tx, studentId: string) {
  const [row] = await tx
    .select()
    .from(apprenticeships)
    .where(eq(apprenticeships.studentId, studentId))
    .for('update');
  if (!row) throw notFound('You have no apprenticeship on TradeSkills', 'NO_APPRENTICESHIP');
  return row;
}

/** The rules an apprentice's entry must meet, checked inside the locked transaction. */
async function checkEntry(
  tx: Tx,
  record: typeof apprenticeships.$inferSelect,
  input: EntryInput,
  exceptId?: string,
) {
  const today = ukIsoDate();
  if (input.date > today) throw badRequest('You cannot log hours for a future date', 'OTJ_FUTURE_DATE');
  if (input.date < record.startDate) {
    throw badRequest(
      `This date is before your apprenticeship started (${formatDate(record.startDate)})`,
      'OTJ_BEFORE_START',
    );
  }
  if (input.date > record.endDate) {
    throw badRequest(
      `This date is after your apprenticeship’s planned end (${formatDate(record.endDate)})`,
      'OTJ_AFTER_END',
    );
  }
  const [day] = await tx
    .select({ seconds: sql<number>`coalesce(sum(${otjEntries.seconds}), 0)::int` })
    .from(otjEntries)
    .where(
      and(
        eq(otjEntries.studentId, record.studentId),
        eq(otjEntries.date, input.date),
        ne(otjEntries.status, 'rejected'),
        exceptId ? ne(otjEntries.id, exceptId) : undefined,
      ),
    );
  const already = (day?.seconds ?? 0) / 3600;
  if (already + input.hours > 24) {
    throw badRequest(
      `That would make more than 24 hours on ${formatDate(input.date)} (${Math.round(already * 100) / 100} h already logged)`,
      'OTJ_DAY_LIMIT_EXCEEDED',
    );
  }
}

const duplicate = () =>
  conflict(
    'You have already logged this entry (same date, activity, hours and description)',
    'OTJ_DUPLICATE',
  );

async function attachEvidence(tx: Tx, studentId: string, evidencePath: string | null | undefined) {
  if (!evidencePath) return null;
  const path = normaliseObjectPath(evidencePath);
  if (!path) throw badRequest('The evidence file was not uploaded through TradeSkills', 'OTJ_BAD_EVIDENCE');
  await attachObject(tx, path, ['image', 'document'], { uploadedBy: studentId });
  return path;
}

/** POST /api/otj */
export async function logEntry(
  database: Database,
  caller: Principal,
  input: EntryInput,
): Promise<{ id: string }> {
  try {
    return await database.db.transaction(async (tx) => {
      const record = await lockApprenticeship(tx, caller.id);
      await checkEntry(tx, record, input);
      const [row] = await tx
        .insert(otjEntries)
        .values({
          apprenticeshipId: record.id,
          studentId: caller.id,
          date: input.date,
          seconds: Math.round(input.hours * 3600),
          activity: input.activity,
          description: input.description.trim(),
          inPaidHours: true,
          evidencePath: await attachEvidence(tx, caller.id, input.evidencePath),
        })
        .returning({ id: otjEntries.id });
      await emitEvent(tx, { kind: 'otj.submitted', payload: { entryId: row!.id } });
      await tagEntry(tx, row!, record.standardId, input.ksbIds ?? []);
      return { id: row!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** PUT /api/otj/:id: an apprentice corrects a rejected entry, which goes back to pending. */
export async function amendEntry(
  database: Database,
  caller: Principal,
  entryId: string,
  input: EntryInput,
): Promise<{ id: string }> {
  try {
    return await database.db.transaction(async (tx) => {
      const record = await lockApprenticeship(tx, caller.id);
      const [entry] = await tx
        .select()
        .from(otjEntries)
        .where(and(eq(otjEntries.id, entryId), eq(otjEntries.studentId, caller.id)));
      if (!entry) throw notFound('Entry not found', 'OTJ_NOT_FOUND');
      if (entry.source !== 'apprentice') {
        throw badRequest('Learning recorded by the platform cannot be edited', 'OTJ_PLATFORM_ENTRY');
      }
      if (entry.status !== 'rejected') {
        throw conflict('Only a rejected entry can be amended', 'OTJ_NOT_REJECTED');
      }
      await checkEntry(tx, record, input, entry.id);
      const evidencePath =
        input.evidencePath === undefined || normaliseObjectPath(input.evidencePath) === entry.evidencePath
          ? entry.evidencePath
          : await attachEvidence(tx, caller.id, input.evidencePath);
      await tx
        .update(otjEntries)
        .set({
          date: input.date,
          seconds: Math.round(input.hours * 3600),
          activity: input.activity,
          description: input.description.trim(),
          inPaidHours: true,
          evidencePath,
          status: 'pending',
          decidedAt: null,
          decidedBy: null,
          updatedAt: new Date(),
        })
        .where(and(eq(otjEntries.id, entry.id), eq(otjEntries.status, 'rejected')));
      await tagEntry(tx, entry, record.standardId, input.ksbIds);
      // Amended, the entry waits for the tutor again, and so do its tags.
      await tx.update(otjEntryKsbs).set({ status: 'pending' }).where(eq(otjEntryKsbs.entryId, entry.id));
      return { id: entry.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/**
 * Approve or reject a pending entry, once: the update only matches a pending row, so two tutors deciding at the
 * same moment cannot both win. Rejecting needs a reason, which the apprentice sees.
 */
export async function decideEntry(
  db: Db,
  actor: AuditActor,
  entryId: string,
  decision:
    | { status: 'approved'; rejectedKsbIds?: readonly string[] }
    | { status: 'rejected'; reason: string },
): Promise<AdminOtjEntry> {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(otjEntries)
      .set({
        status: decision.status,
        rejectionReason: decision.status === 'rejected' ? decision.reason.trim() : null,
        decidedBy: actor.id,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(otjEntries.id, entryId), eq(otjEntries.status, 'pending')))
      .returning();
    if (row) {
      await emitEvent(tx, { kind: 'otj.decided', payload: { studentId: row.studentId } });
      await decideTags(tx, row.id, decision);
      await recordAudit(tx, actor, {
        action: decision.status === 'approved' ? 'otj.approve' : 'otj.reject',
        entityType: 'otj_entry',
        entityId: row.id,
        summary: changeSummary(
          { status: 'pending' },
          { status: row.status, reason: row.rejectionReason ?? undefined },
        ),
      });
    }
    return row;
  });
  if (!updated) {
    const [existing] = await db
      .select({ status: otjEntries.status })
      .from(otjEntries)
      .where(eq(otjEntries.id, entryId));
    if (!existing) throw notFound('Entry not found', 'OTJ_NOT_FOUND');
    throw conflict(`This entry has already been ${existing.status}`, 'OTJ_ALREADY_DECIDED');
  }
  return (await adminEntries(db, { id: updated.id }))[0]!;
}

/** Whose caseload an entry's apprentice is in, or null for an unknown entry (the route answers 404). */
export async function entryTutor(
  db: Queryable,
  entryId: string,
): Promise<{ tutorUserId: string | null } | null> {
  const [row] = await db
    .select({ tutorUserId: apprenticeships.tutorUserId })
    .from(otjEntries)
    .innerJoin(apprenticeships, eq(apprenticeships.id, otjEntries.apprenticeshipId))
    .where(eq(otjEntries.id, entryId));
  return row ?? null;
}

/** The admin's view: entries with the apprentice's name, pending first, or one student's log. */
export async function adminEntries(
  db: Queryable,
  filter: { id?: string; studentId?: string; status?: OtjEntryRow['status']; tutorUserId?: string },
): Promise<AdminOtjEntry[]> {
  const rows = await db
    .select({ entry: otjEntries, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(otjEntries)
    .innerJoin(users, eq(users.id, otjEntries.studentId))
    .innerJoin(apprenticeships, eq(apprenticeships.id, otjEntries.apprenticeshipId))
    .where(
      and(
        filter.tutorUserId ? eq(apprenticeships.tutorUserId, filter.tutorUserId) : undefined,
        filter.id ? eq(otjEntries.id, filter.id) : undefined,
        filter.studentId ? eq(otjEntries.studentId, filter.studentId) : undefined,
        filter.status ? eq(otjEntries.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(otjEntries.date), desc(otjEntries.createdAt))
    .limit(500);
  const tags = await tagsOf(
    db,
    rows.map((r) => r.entry.id),
  );
  return rows.map((r) => ({
    ...presentEntry(r.entry, tags.get(r.entry.id)),
    studentId: r.entry.studentId,
    studentName: displayName(r),
  }));
}
