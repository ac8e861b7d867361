import { and, eq } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '#server/db/client.ts';
import { apprenticeshipQualifications, apprenticeships } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import {
  attachObject,
  type MediaDeps,
  normaliseObjectPath,
  releaseObject,
} from '#server/features/media/index.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';

type QualificationInput = { title: string; achievedOn?: string | null; evidencePath?: string | null };

async function recordId(tx: Tx, studentId: string): Promise<string> {
  const [record] = await tx
    .select({ id: apprenticeships.id })
    .from(apprenticeships)
    .where(eq(apprenticeships.studentId, studentId));
  if (!record) throw notFound('This student has no apprenticeship record', 'NO_APPRENTICESHIP');
  return record.id;
}

/** The certificate, uploaded through media by the person recording it; claimed inside the caller's transaction. */
async function attachCertificate(tx: Tx, actor: AuditActor, path: string): Promise<string> {
  const evidencePath = normaliseObjectPath(path);
  if (!evidencePath)
    throw badRequest('evidencePath: upload the certificate through TradeSkills', 'OTJ_BAD_EVIDENCE');
  await attachObject(tx, evidencePath, ['image', 'document'], { uploadedBy: actor.id });
  return evidencePath;
}

/**
 * Mandatory qualifications on the apprentice's plan (docs/apprenticeships.md "Gateway readiness"): each passes
 * the gateway check once it has the date achieved and its evidence (the certificate, uploaded through media).
 */
export async function addQualification(
  db: Db,
  actor: AuditActor,
  studentId: string,
  input: QualificationInput,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const apprenticeshipId = await recordId(tx, studentId);
    const evidencePath = input.evidencePath ? await attachCertificate(tx, actor, input.evidencePath) : null;
    const [row] = await tx
      .insert(apprenticeshipQualifications)
      .values({
        apprenticeshipId,
        title: input.title.trim(),
        achievedOn: input.achievedOn ?? null,
        evidencePath,
      })
      .returning({ id: apprenticeshipQualifications.id });
    await recordAudit(tx, actor, {
      action: 'qualification.record',
      entityType: 'apprenticeship',
      entityId: studentId,
      summary: `${input.title.trim()}${evidencePath ? ' with evidence' : ''}`,
    });
    return { id: row!.id };
  });
}

async function lockQualification(tx: Tx, studentId: string, qualificationId: string) {
  const apprenticeshipId = await recordId(tx, studentId);
  const [row] = await tx
    .select()
    .from(apprenticeshipQualifications)
    .where(
      and(
        eq(apprenticeshipQualifications.id, qualificationId),
        eq(apprenticeshipQualifications.apprenticeshipId, apprenticeshipId),
      ),
    )
    .for('update');
  if (!row) throw notFound('Qualification not found', 'QUALIFICATION_NOT_FOUND');
  return row;
}

/**
 * PUT /api/admin/students/:id/qualifications/:qualificationId: the title, the date achieved and the certificate.
 * The same certificate path keeps its file; a new one replaces it (the old file is deleted once committed); an
 * empty one removes it.
 */
export async function updateQualification(
  deps: MediaDeps,
  actor: AuditActor,
  studentId: string,
  qualificationId: string,
  input: QualificationInput,
): Promise<{ id: string }> {
  const replaced = await deps.db.transaction(async (tx) => {
    const before = await lockQualification(tx, studentId, qualificationId);
    const wanted = input.evidencePath ? normaliseObjectPath(input.evidencePath) : null;
    const evidencePath =
      input.evidencePath === undefined || (wanted && wanted === before.evidencePath)
        ? before.evidencePath
        : input.evidencePath
          ? await attachCertificate(tx, actor, input.evidencePath)
          : null;
    const after = { title: input.title.trim(), achievedOn: input.achievedOn ?? null, evidencePath };
    await tx
      .update(apprenticeshipQualifications)
      .set(after)
      .where(eq(apprenticeshipQualifications.id, qualificationId));
    await recordAudit(tx, actor, {
      action: 'qualification.update',
      entityType: 'apprenticeship',
      entityId: studentId,
      summary: `${after.title}: ${changeSummary(
        { title: before.title, achievedOn: before.achievedOn, certificate: Boolean(before.evidencePath) },
        { title: after.title, achievedOn: after.achievedOn, certificate: Boolean(evidencePath) },
      )}`,
    });
    return before.evidencePath !== evidencePath ? before.evidencePath : null;
  });
  await releaseObject(deps, replaced);
  return { id: qualificationId };
}

/** DELETE /api/admin/students/:id/qualifications/:qualificationId: one recorded by mistake, with its file. */
export async function deleteQualification(
  deps: MediaDeps,
  actor: AuditActor,
  studentId: string,
  qualificationId: string,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await lockQualification(tx, studentId, qualificationId);
    await tx.delete(apprenticeshipQualifications).where(eq(apprenticeshipQualifications.id, qualificationId));
    await recordAudit(tx, actor, {
      action: 'qualification.delete',
      entityType: 'apprenticeship',
      entityId: studentId,
      summary: row.title,
    });
    return row.evidencePath;
  });
  await releaseObject(deps, removed);
}

/** The apprentice a qualification's evidence belongs to (evidence-access.policy.ts). */
export async function qualificationOwner(db: Queryable, evidencePath: string): Promise<string | null> {
  const [row] = await db
    .select({ studentId: apprenticeships.studentId })
    .from(apprenticeshipQualifications)
    .innerJoin(apprenticeships, and(eq(apprenticeships.id, apprenticeshipQualifications.apprenticeshipId)))
    .where(eq(apprenticeshipQualifications.evidencePath, evidencePath))
    .limit(1);
  return row?.studentId ?? null;
}
