import { and, eq, sql } from 'drizzle-orm';
import { dataRequests, erasureHolds } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { objectKeyFrom } from '#server/features/media/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { certificatesChanged } from '#server/lib/change-notifications.service.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { userChanged } from '#server/lib/sessions.service.ts';
import { userById } from '#server/lib/users.repo.ts';
import { formatDate } from '#shared/format.ts';
import { oneMonthAfter } from '#shared/retention-schedule.ts';
import type { ErasureResult } from '#shared/schemas/privacy.ts';
import type { PrivacyDeps } from './export.service.ts';
import { type HoldPlan, heldEvidence, holdsFor } from './holds.service.ts';
import { loadPerson, query } from './person.repo.ts';
import { PERSONAL_DATA } from './personal-data.registry.ts';

// Erasure (README 'Your data', docs/decisions/0020-erasure-pseudonymises-in-place.md): an admin carries out an
// erasure request. Every table's entry in personal-data.registry.ts replaces the person with their pseudonym in
// one transaction; legal holds keep the records they name, and the retention job finishes them later.

export const REQUEST_NOT_FOUND = 'Data request not found';
export const ERASURE_NOTICE_KIND = 'erasure-notice';

/** POST /api/account/erasure-requests: opens an erasure request (asking twice answers with the open one). */
export async function requestErasure(deps: PrivacyDeps, caller: Principal): Promise<string> {
  const db = deps.database.db;
  const now = new Date();
  await db
    .insert(dataRequests)
    .values({
      userId: caller.id,
      kind: 'erasure',
      source: 'self',
      receivedAt: now,
      dueAt: oneMonthAfter(now),
    })
    .onConflictDoNothing();
  const [open] = await db
    .select({ id: dataRequests.id })
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.userId, caller.id),
        eq(dataRequests.kind, 'erasure'),
        eq(dataRequests.status, 'open'),
      ),
    );
  if (open) return open.id;
  // Completed between the two statements: the latest one answers.
  const [latest] = await query(
    db,
    sql`SELECT id FROM data_requests WHERE user_id = ${caller.id} AND kind = 'erasure' ORDER BY created_at DESC LIMIT 1`,
  );
  return String(latest!.id);
}

const presentHolds = (rows: { kind: HoldPlan['kind']; until: string; reason: string }[]) =>
  rows.map((h) => ({ kind: h.kind, until: h.until, reason: h.reason }));

function noticeText(holds: HoldPlan[]): string {
  const kept = holds.length
    ? [
        'The law requires us to keep some records for a while. Your name and email in them have been replaced:',
        ...holds.map(
          (h) =>
            `- ${h.kind === 'payments' ? 'Payments and invoices' : 'Apprenticeship records and evidence'} until ${formatDate(new Date(`${h.until}T12:00:00Z`)).split(',')[0]}: ${h.reason}.`,
        ),
        'They are deleted when that date passes.',
      ]
    : ['Nothing had to be kept.'];
  return [
    'As you asked, we have erased your TradeSkills account: your name, contact details, photo, messages and other',
    'personal details are gone, and the account can no longer be used.',
    '',
    ...kept,
    '',
    'You can complain to the Information Commissioner (ico.org.uk) if you are unhappy with how we handled it.',
  ].join('\n');
}

/**
 * Carries out an erasure request: once, however often (or however many times at once) it is asked; a second
 * call answers with the holds of the first.
 */
export async function eraseForRequest(
  deps: PrivacyDeps,
  requestId: string,
  actor: AuditActor,
): Promise<ErasureResult> {
  const { database, store } = deps;
  const outcome = await database.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.id, requestId))
      .for('update');
    if (!request) throw notFound(REQUEST_NOT_FOUND, 'DATA_REQUEST_NOT_FOUND');
    if (request.kind !== 'erasure') {
      throw conflict('This is an access request, not an erasure request', 'NOT_AN_ERASURE_REQUEST');
    }
    const account = await userById(tx, request.userId);
    if (request.status === 'completed' || account?.erasedAt) {
      const kept = await tx.select().from(erasureHolds).where(eq(erasureHolds.userId, request.userId));
      if (request.status !== 'completed') {
        await tx
          .update(dataRequests)
          .set({ status: 'completed', completedAt: new Date() })
          .where(eq(dataRequests.id, requestId));
      }
      return { holds: presentHolds(kept), files: [] as string[], userId: request.userId };
    }
    if (account?.role !== 'student' || account.staffRoles.length > 0) {
      throw conflict(
        'Staff accounts are not erased this way: remove their staff roles first',
        'CANNOT_ERASE_STAFF',
      );
    }
    const person = (await loadPerson(tx, request.userId))!;
    const holds = await holdsFor(tx, person, deps.config.fundingRetentionUntil);
    // Files that go now: the photo, and uploads no hold keeps (held evidence goes when its hold ends).
    const files = await query(
      tx,
      sql`SELECT key FROM stored_objects WHERE uploaded_by = ${person.id} AND ('/objects/' || key) NOT IN (
            ${heldEvidence(person.id)})
          UNION SELECT object_key FROM data_exports WHERE user_id = ${person.id} AND object_key IS NOT NULL`,
    );
    const avatar = objectKeyFrom(account.profileImageUrl);
    const keys = [...new Set([...files.map((f) => String(f.key)), ...(avatar ? [avatar] : [])])];
    if (keys.length) {
      await tx.execute(
        sql`DELETE FROM stored_objects WHERE key IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
    }
    for (const entry of PERSONAL_DATA) await entry.erase(tx, person);
    for (const hold of holds) {
      await tx
        .insert(erasureHolds)
        .values({ userId: person.id, requestId, kind: hold.kind, reason: hold.reason, until: hold.until })
        .onConflictDoUpdate({
          target: [erasureHolds.userId, erasureHolds.kind],
          set: { until: hold.until, reason: hold.reason, releasedAt: null, requestId },
        });
    }
    const completedAt = new Date();
    await tx
      .update(dataRequests)
      .set({ status: 'completed', completedAt })
      .where(eq(dataRequests.id, requestId));
    await recordAudit(tx, actor, {
      action: 'person.erase',
      entityType: 'user',
      entityId: person.id,
      summary: `erased; holds: ${holds.map((h) => `${h.kind} until ${h.until}`).join(', ') || 'none'}`,
    });
    // The person is told what was kept (Art. 12(3)); the retention job removes their address once it is sent.
    await enqueueEmail(tx, {
      kind: ERASURE_NOTICE_KIND,
      to: person.email,
      subject: 'Your TradeSkills account has been erased',
      text: noticeText(holds),
    });
    return { holds: presentHolds(holds), files: keys, userId: person.id };
  });
  await userChanged(database, outcome.userId);
  // What the public pages showed of the person: their certificates' pages, their reviews on course pages.
  await certificatesChanged(database);
  await invalidate(database, 'catalog');
  for (const key of outcome.files) await store.delete(key).catch(() => {});
  return { erased: true, holds: outcome.holds.map(({ kind, until, reason }) => ({ kind, until, reason })) };
}
