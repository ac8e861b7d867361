import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '#server/db/client.ts';
import {
  apprenticeships,
  ksbSignoffs,
  otjEntryKsbs,
  standardKsbs,
  topicKsbs,
  topics,
} from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { badRequest, conflict, notFound } from '#server/lib/http.error.ts';
import { userById } from '#server/lib/users.repo.ts';
import type { KsbMatrixRow } from '#shared/schemas/standards.ts';
import { displayName } from './names.presenter.ts';
import { rowsOf } from './record.service.ts';
import { ksbsOf } from './standards.service.ts';

// KSB evidence (docs/apprenticeships.md "Evidence and KSBs"): tags on OTJ entries (and so on their evidence
// files) that the tutor confirms or rejects, topics completed on the platform, and the tutor's sign-off.

/** Tags an entry with KSBs of the apprentice's standard (replacing its tags); others are a 400. */
export async function tagEntry(
  tx: Tx,
  entry: { id: string },
  standardId: string | null,
  ksbIds: readonly string[] | undefined,
): Promise<void> {
  if (ksbIds === undefined) return;
  const ids = [...new Set(ksbIds)];
  if (ids.length && !standardId) {
    throw badRequest('ksbIds: your apprenticeship has no standard with KSBs yet', 'KSB_NOT_IN_STANDARD');
  }
  if (ids.length) {
    const known = await tx
      .select({ id: standardKsbs.id })
      .from(standardKsbs)
      .where(and(inArray(standardKsbs.id, ids), eq(standardKsbs.standardId, standardId!)));
    if (known.length !== ids.length) {
      throw badRequest('ksbIds: choose KSBs from your apprenticeship’s standard', 'KSB_NOT_IN_STANDARD');
    }
  }
  await tx.delete(otjEntryKsbs).where(eq(otjEntryKsbs.entryId, entry.id));
  if (ids.length) await tx.insert(otjEntryKsbs).values(ids.map((ksbId) => ({ entryId: entry.id, ksbId })));
}

/**
 * The tutor's decision reaches the tags: approving confirms each tag except those rejected; rejecting the entry
 * rejects them all.
 */
export async function decideTags(
  tx: Tx,
  entryId: string,
  decision: { status: 'approved'; rejectedKsbIds?: readonly string[] } | { status: 'rejected' },
): Promise<void> {
  const rejected = decision.status === 'approved' ? [...(decision.rejectedKsbIds ?? [])] : null;
  await tx
    .update(otjEntryKsbs)
    .set({
      status:
        rejected === null
          ? 'rejected'
          : rejected.length
            ? sql`CASE WHEN ${inArray(otjEntryKsbs.ksbId, rejected)} THEN 'rejected' ELSE 'confirmed' END`
            : 'confirmed',
    })
    .where(eq(otjEntryKsbs.entryId, entryId));
}

/** Entries' tags, for the log and the approval queue. */
export async function tagsOf(
  db: Queryable,
  entryIds: string[],
): Promise<Map<string, { id: string; code: string; status: 'pending' | 'confirmed' | 'rejected' }[]>> {
  const map = new Map<string, { id: string; code: string; status: 'pending' | 'confirmed' | 'rejected' }[]>();
  if (entryIds.length === 0) return map;
  const rows = await db
    .select({
      entryId: otjEntryKsbs.entryId,
      id: standardKsbs.id,
      code: standardKsbs.code,
      status: otjEntryKsbs.status,
    })
    .from(otjEntryKsbs)
    .innerJoin(standardKsbs, eq(standardKsbs.id, otjEntryKsbs.ksbId))
    .where(inArray(otjEntryKsbs.entryId, entryIds))
    .orderBy(standardKsbs.kind, standardKsbs.position);
  for (const r of rows) map.set(r.entryId, [...(map.get(r.entryId) ?? []), r]);
  return map;
}

/**
 * Completing a topic evidences the KSBs an instructor mapped it to, for the apprentice whose standard has them,
 * once per topic and KSB. Called on the learning completion path (after a module's progress is recomputed) and
 * when a mapping changes (for topics already completed).
 */
export async function evidenceCompletedTopics(
  db: Queryable,
  scope: { userId: string; moduleId: string } | { topicId: string },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO topic_ksb_evidence (apprenticeship_id, ksb_id, topic_id)
    SELECT a.id, tk.ksb_id, tp.topic_id
    FROM topic_progress tp
    JOIN topics t ON t.id = tp.topic_id
    JOIN topic_ksbs tk ON tk.topic_id = tp.topic_id
    JOIN standard_ksbs k ON k.id = tk.ksb_id
    JOIN apprenticeships a ON a.student_id = tp.user_id AND a.standard_id = k.standard_id
    WHERE tp.completed_at IS NOT NULL
    ${'topicId' in scope ? sql`AND tp.topic_id = ${scope.topicId}` : sql`AND tp.user_id = ${scope.userId} AND t.module_id = ${scope.moduleId}`}
    ON CONFLICT DO NOTHING`);
}

/** GET /api/admin/topics/:id/ksbs */
export async function topicKsbIds(db: Queryable, topicId: string): Promise<string[]> {
  const rows = await db.select({ id: topicKsbs.ksbId }).from(topicKsbs).where(eq(topicKsbs.topicId, topicId));
  return rows.map((r) => r.id);
}

/**
 * PUT /api/admin/topics/:id/ksbs: replaces the topic's mapping (unknown KSBs: 400), and apprentices who already
 * completed the topic get its evidence at once. The topic's row is locked, so two saves at once apply in turn.
 */
export async function mapTopic(
  db: Db,
  actor: AuditActor,
  topicId: string,
  ksbIds: string[],
): Promise<string[]> {
  const ids = [...new Set(ksbIds)];
  await db.transaction(async (tx) => {
    const [topic] = await tx
      .select({ id: topics.id })
      .from(topics)
      .where(eq(topics.id, topicId))
      // Not FOR UPDATE: learners' progress rows (foreign keys to the topic) are not held up.
      .for('no key update');
    if (!topic) throw notFound('Topic not found', 'TOPIC_NOT_FOUND');
    const known = ids.length
      ? await tx.select({ id: standardKsbs.id }).from(standardKsbs).where(inArray(standardKsbs.id, ids))
      : [];
    if (known.length !== ids.length) throw badRequest('ksbIds: choose KSBs from a standard', 'KSB_NOT_FOUND');
    await tx.delete(topicKsbs).where(eq(topicKsbs.topicId, topicId));
    if (ids.length) await tx.insert(topicKsbs).values(ids.map((ksbId) => ({ topicId, ksbId })));
    await evidenceCompletedTopics(tx, { topicId });
    await recordAudit(tx, actor, {
      action: 'topic.ksbs',
      entityType: 'topic',
      entityId: topicId,
      summary: `${ids.length} KSBs mapped`,
    });
  });
  return topicKsbIds(db, topicId);
}

type Evidence = KsbMatrixRow['evidence'][number];

/** Every KSB of the apprentice's standard with its evidence and status (not started, evidenced, signed off). */
export async function ksbMatrix(
  db: Queryable,
  record: { id: string; standardId: string | null },
): Promise<KsbMatrixRow[]> {
  if (!record.standardId) return [];
  const [ksbs, evidence, signoffs] = await Promise.all([
    ksbsOf(db, [record.standardId]),
    db.execute(sql`
      SELECT t.ksb_id, 'entry' AS kind, e.description AS label, e.date::text AS date,
        CASE WHEN t.status = 'confirmed' AND e.status = 'approved' THEN 'confirmed' ELSE 'pending' END AS state
      FROM otj_entry_ksbs t JOIN otj_entries e ON e.id = t.entry_id
      WHERE e.apprenticeship_id = ${record.id} AND e.status <> 'rejected' AND t.status <> 'rejected'
      UNION ALL
      SELECT ev.ksb_id, 'topic', tp.title, (ev.created_at AT TIME ZONE 'Europe/London')::date::text, 'automatic'
      FROM topic_ksb_evidence ev JOIN topics tp ON tp.id = ev.topic_id
      WHERE ev.apprenticeship_id = ${record.id}
      ORDER BY 4 DESC`),
    db
      .select({ ksbId: ksbSignoffs.ksbId, name: ksbSignoffs.signedName, signedAt: ksbSignoffs.signedAt })
      .from(ksbSignoffs)
      .where(eq(ksbSignoffs.apprenticeshipId, record.id)),
  ]);
  const byKsb = new Map<string, Evidence[]>();
  for (const row of rowsOf<Evidence & { ksb_id: string }>(evidence)) {
    const { ksb_id, ...item } = row;
    byKsb.set(ksb_id, [...(byKsb.get(ksb_id) ?? []), item]);
  }
  const signed = new Map(signoffs.map((s) => [s.ksbId, s]));
  return ksbs.map(({ standardId: _s, ...k }) => {
    const items = byKsb.get(k.id) ?? [];
    const evidenceCount = items.filter((i) => i.state !== 'pending').length;
    const signoff = signed.get(k.id);
    return {
      ...k,
      status: signoff ? 'signed_off' : evidenceCount > 0 ? 'evidenced' : 'not_started',
      evidenceCount,
      evidence: items,
      signedOff: signoff ? { name: signoff.name, signedAt: signoff.signedAt.toISOString() } : null,
    };
  });
}

/**
 * POST /api/admin/students/:id/ksbs/:ksbId/sign-off: the tutor signs a KSB off once it has evidence; once (the
 * primary key), audited.
 */
export async function signOffKsb(db: Db, actor: AuditActor, studentId: string, ksbId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [record] = await tx
      .select({ id: apprenticeships.id, standardId: apprenticeships.standardId })
      .from(apprenticeships)
      .where(eq(apprenticeships.studentId, studentId));
    if (!record) throw notFound('This student has no apprenticeship record', 'NO_APPRENTICESHIP');
    const row = (await ksbMatrix(tx, record)).find((k) => k.id === ksbId);
    if (!row) throw notFound('That KSB is not in the apprentice’s standard', 'KSB_NOT_FOUND');
    if (row.status === 'signed_off')
      throw conflict(`${row.code} is already signed off`, 'KSB_ALREADY_SIGNED');
    if (row.evidenceCount === 0) {
      throw conflict(`${row.code} has no confirmed evidence yet`, 'KSB_NOT_EVIDENCED');
    }
    const tutor = await userById(tx, actor.id);
    const inserted = await tx
      .insert(ksbSignoffs)
      .values({ apprenticeshipId: record.id, ksbId, signedBy: actor.id, signedName: displayName(tutor!) })
      .onConflictDoNothing()
      .returning({ ksbId: ksbSignoffs.ksbId });
    if (inserted.length === 0) throw conflict(`${row.code} is already signed off`, 'KSB_ALREADY_SIGNED');
    await recordAudit(tx, actor, {
      action: 'ksb.sign_off',
      entityType: 'apprenticeship',
      entityId: studentId,
      summary: `${row.code} signed off`,
    });
  });
}
