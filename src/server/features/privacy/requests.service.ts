import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { dataExports, dataRequests, erasureHolds, users } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import { oneMonthAfter } from '#shared/retention-schedule.ts';
import type { LogDataRequestInput } from '#shared/schemas/privacy.ts';
import { REQUEST_NOT_FOUND } from './erasure.service.ts';
import { type PrivacyDeps, requestExport } from './export.service.ts';

// The requests register (README 'Your data'): every access and erasure request, self-service or logged by staff,
// with its one-month deadline.

export type RequestRow = typeof dataRequests.$inferSelect;

export async function listRequests(db: Queryable, onlyId?: string) {
  const rows = await db
    .select({
      request: dataRequests,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      erasedAt: users.erasedAt,
    })
    .from(dataRequests)
    .innerJoin(users, eq(users.id, dataRequests.userId))
    .where(onlyId ? eq(dataRequests.id, onlyId) : undefined)
    // Open ones first, the nearest deadline first; then the answered ones, latest first.
    .orderBy(
      sql`${dataRequests.status} = 'completed'`,
      sql`CASE WHEN ${dataRequests.status} = 'open' THEN ${dataRequests.dueAt} END`,
      desc(dataRequests.receivedAt),
    )
    .limit(500);
  const userIds = [...new Set(rows.map((r) => r.request.userId))];
  const exports = userIds.length
    ? await db
        .select()
        .from(dataExports)
        .where(inArray(dataExports.userId, userIds))
        .orderBy(desc(dataExports.createdAt))
    : [];
  const holds = userIds.length
    ? await db.select().from(erasureHolds).where(inArray(erasureHolds.userId, userIds))
    : [];
  return rows.map((r) => ({
    ...r,
    latestExport: exports.find((e) => e.requestId === r.request.id) ?? null,
    holds: r.request.kind === 'erasure' ? holds.filter((h) => h.requestId === r.request.id) : [],
  }));
}

/** POST /api/admin/data-requests: a request made by email, phone or letter, logged by hand. */
export async function logRequest(
  db: Queryable,
  input: LogDataRequestInput,
  actor: AuditActor,
): Promise<RequestRow> {
  const [person] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!person) throw badRequest('No account has that email', 'VALIDATION_FAILED');
  const receivedAt = input.receivedOn ? new Date(`${input.receivedOn}T12:00:00Z`) : new Date();
  if (receivedAt.getTime() > Date.now() + 24 * 60 * 60 * 1000) {
    throw badRequest('The date received cannot be in the future', 'VALIDATION_FAILED');
  }
  const values = {
    userId: person.id,
    kind: input.kind,
    source: 'staff' as const,
    receivedAt,
    dueAt: oneMonthAfter(receivedAt),
    note: input.note || null,
    loggedBy: actor.id,
  };
  const [made] = await db.insert(dataRequests).values(values).onConflictDoNothing().returning();
  // Already open for that person: the open one stands (its earlier deadline too).
  const row =
    made ??
    (await db.query.dataRequests.findFirst({
      where: (r, { and, eq }) => and(eq(r.userId, person.id), eq(r.kind, input.kind), eq(r.status, 'open')),
    }))!;
  if (made) {
    await recordAudit(db, actor, {
      action: 'data-request.log',
      entityType: 'data-request',
      entityId: made.id,
      summary: `${input.kind} request logged, received ${receivedAt.toISOString().slice(0, 10)}`,
    });
  }
  return row;
}

/** POST /api/admin/data-requests/:id/export: an export for the person, on their behalf. */
export async function exportForRequest(deps: PrivacyDeps, requestId: string, actor: AuditActor) {
  const [request] = await deps.database.db.select().from(dataRequests).where(eq(dataRequests.id, requestId));
  if (!request) throw notFound(REQUEST_NOT_FOUND, 'DATA_REQUEST_NOT_FOUND');
  const [person] = await deps.database.db
    .select({ erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, request.userId));
  if (person?.erasedAt)
    throw badRequest('This person has been erased: there is nothing left to export', 'BAD_REQUEST');
  const row = await requestExport(deps.database, request.userId, {
    requestedBy: actor.id,
    requestId: request.id,
  });
  await recordAudit(deps.database.db, actor, {
    action: 'data-export.start',
    entityType: 'data-request',
    entityId: request.id,
    summary: `export ${row.id} started on their behalf`,
  });
  return row;
}
