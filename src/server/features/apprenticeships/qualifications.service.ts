import { and, eq } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { apprenticeshipQualifications, apprenticeships } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { attachObject, normaliseObjectPath } from '#server/features/media/index.ts';
import { badRequest, notFound } from '#server/lib/errors.ts';

/**
 * Mandatory qualifications on the apprentice's plan (docs/apprenticeships.md "Gateway readiness"): each passes
 * the gateway check once it has the date achieved and its evidence (the certificate, uploaded through media).
 */
export async function addQualification(
  db: Db,
  actor: AuditActor,
  studentId: string,
  input: { title: string; achievedOn?: string | null; evidencePath?: string | null },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select({ id: apprenticeships.id })
      .from(apprenticeships)
      .where(eq(apprenticeships.studentId, studentId));
    if (!record) throw notFound('This student has no apprenticeship record', 'NO_APPRENTICESHIP');
    let evidencePath: string | null = null;
    if (input.evidencePath) {
      evidencePath = normaliseObjectPath(input.evidencePath);
      if (!evidencePath)
        throw badRequest('evidencePath: upload the certificate through TradeSkills', 'OTJ_BAD_EVIDENCE');
      await attachObject(tx, evidencePath, ['image', 'document'], { uploadedBy: actor.id });
    }
    const [row] = await tx
      .insert(apprenticeshipQualifications)
      .values({
        apprenticeshipId: record.id,
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

/** The apprentice a qualification's evidence belongs to (evidence-access.ts). */
export async function qualificationOwner(db: Queryable, evidencePath: string): Promise<string | null> {
  const [row] = await db
    .select({ studentId: apprenticeships.studentId })
    .from(apprenticeshipQualifications)
    .innerJoin(apprenticeships, and(eq(apprenticeships.id, apprenticeshipQualifications.apprenticeshipId)))
    .where(eq(apprenticeshipQualifications.evidencePath, evidencePath))
    .limit(1);
  return row?.studentId ?? null;
}
