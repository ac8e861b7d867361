import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { certificates, courses } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { certificatesChanged } from '#server/lib/change-notifications.service.ts';
import { conflict, forbidden, isUniqueViolation, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { userById } from '#server/lib/users.repo.ts';
import { CERTIFICATE_CODE, type VerifyResult } from '#shared/schemas/certificates.ts';
import { certificateIssuedEmail } from './certificate.emails.ts';
import { verifyUrl } from './certificate-links.presenter.ts';
import { checkSignature, signCredential } from './credential.service.ts';
import { courseLearningMinutes, holderNameOf, newCertificateCode } from './issue.service.ts';
import { issuerIdentity, type SigningKey } from './signing-key.service.ts';

export type CertificateRow = typeof certificates.$inferSelect;

export interface CertificatesDeps {
  db: Db;
  publicUrl: string;
  key: () => Promise<SigningKey>;
}

/** The caller's certificates, newest first (revoked ones too, marked, so a student sees what happened). */
export function listOwnCertificates(db: Db, viewer: Principal): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, viewer.id))
    .orderBy(desc(certificates.issuedAt));
}

/** Admin: every certificate, or one student's. */
export function listCertificatesForAdmin(db: Db, userId: string | undefined): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(userId ? eq(certificates.userId, userId) : undefined)
    .orderBy(desc(certificates.issuedAt))
    .limit(500);
}

/** The holder's own certificate (admins: any). A revoked certificate's PDF is no longer handed to its holder. */
export async function certificateForDownload(db: Db, viewer: Principal, id: string): Promise<CertificateRow> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  if (!row) throw notFound('Certificate not found', 'CERTIFICATE_NOT_FOUND');
  if (!can(viewer, 'owned:read', { ownerId: row.userId }))
    throw forbidden('This certificate is not yours', 'NOT_YOUR_CERTIFICATE');
  if (!can(viewer, 'certificate:manage') && row.revokedAt)
    throw conflict('This certificate has been revoked', 'CERTIFICATE_REVOKED');
  return row;
}

export async function certificateByCode(db: Db, code: string): Promise<CertificateRow> {
  const row = await findCertificateByCode(db, code);
  if (!row) throw notFound('Certificate not found', 'CERTIFICATE_NOT_FOUND');
  return row;
}

/** The certificate with this code; null for an unknown or malformed one. */
export async function findCertificateByCode(db: Db, code: string): Promise<CertificateRow | null> {
  if (!CERTIFICATE_CODE.test(code)) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
  return row ?? null;
}

export async function credentialForCode(
  deps: CertificatesDeps,
  code: string,
): Promise<Record<string, unknown>> {
  const row = await certificateByCode(deps.db, code);
  return signCredential(row, await deps.key(), deps.publicUrl);
}

export async function revokeCertificate(
  database: Database,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<CertificateRow> {
  const { db } = database;
  const revoked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revocationReason: reason })
      .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
      .returning();
    if (row) {
      await recordAudit(tx, actor, {
        action: 'certificate.revoke',
        entityType: 'certificate',
        entityId: id,
        summary: `revoked: ${reason}`,
      });
    }
    return row;
  });
  if (revoked) {
    await certificatesChanged(database);
    return revoked;
  }
  const [row] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.id, id));
  if (!row) throw notFound('Certificate not found', 'CERTIFICATE_NOT_FOUND');
  throw conflict('This certificate is already revoked', 'CERTIFICATE_ALREADY_REVOKED');
}

/**
 * A new certificate (new code; the holder's current name, the course's current title and length) replacing this
 * one, which is revoked in the same transaction. The student is emailed the new one.
 */
export async function reissueCertificate(
  database: Database,
  actor: AuditActor,
  id: string,
  publicUrl: string,
): Promise<CertificateRow> {
  try {
    const issued = await database.db.transaction(async (tx) => {
      const [old] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
      if (!old) throw notFound('Certificate not found', 'CERTIFICATE_NOT_FOUND');
      if (old.replacedById)
        throw conflict('This certificate was already reissued', 'CERTIFICATE_ALREADY_REISSUED');
      const holder = await userById(tx, old.userId);
      if (!holder) throw notFound('Certificate not found', 'CERTIFICATE_NOT_FOUND');
      const now = new Date();
      if (!old.revokedAt) {
        await tx
          .update(certificates)
          .set({ revokedAt: now, revocationReason: 'Reissued' })
          .where(eq(certificates.id, old.id));
      }
      const [course] = await tx
        .select({ title: courses.title })
        .from(courses)
        .where(eq(courses.id, old.courseId));
      const [issued] = await tx
        .insert(certificates)
        .values({
          code: newCertificateCode(),
          userId: old.userId,
          courseId: old.courseId,
          holderName: holderNameOf(holder),
          courseTitle: course?.title ?? old.courseTitle,
          learningMinutes: await courseLearningMinutes(tx, old.courseId),
          completedAt: old.completedAt,
        })
        .returning();
      await tx.update(certificates).set({ replacedById: issued!.id }).where(eq(certificates.id, old.id));
      await recordAudit(tx, actor, {
        action: 'certificate.reissue',
        entityType: 'certificate',
        entityId: old.id,
        summary: `code: ${old.code} → ${issued!.code}`,
      });
      await enqueueEmail(
        tx,
        certificateIssuedEmail({
          to: holder.email,
          firstName: holder.firstName,
          courseTitle: issued!.courseTitle,
          verifyUrl: verifyUrl(publicUrl, issued!.code),
          dashboardUrl: `${publicUrl}/student/certificates`,
        }),
      );
      return issued!;
    });
    await certificatesChanged(database);
    return issued;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        'The student already has a valid certificate for this course',
        'CERTIFICATE_ALREADY_LIVE',
      );
    }
    throw error;
  }
}

function codeFromId(id: unknown, publicUrl: string): string | null {
  const prefix = `${publicUrl}/certificates/`;
  if (typeof id !== 'string' || !id.startsWith(prefix)) return null;
  const code = id.slice(prefix.length);
  return /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : null;
}

/** Signature (against our own key), issuer (ours) and revocation (our records): all must pass. */
export async function verifyCredential(
  deps: CertificatesDeps,
  credential: Record<string, unknown>,
): Promise<VerifyResult> {
  const errors: string[] = [];
  const { issuerId } = issuerIdentity(deps.publicUrl);
  const issuer = credential.issuer;
  const claimedIssuer = typeof issuer === 'string' ? issuer : (issuer as { id?: unknown } | undefined)?.id;
  if (claimedIssuer !== issuerId) {
    return { verified: false, errors: ['The credential was not issued by this provider'] };
  }
  if (!credential.proof) errors.push('The credential has no proof');
  else errors.push(...(await checkSignature(credential, await deps.key(), deps.publicUrl)));

  const code = codeFromId(credential.id, deps.publicUrl);
  const [row] = code ? await deps.db.select().from(certificates).where(eq(certificates.code, code)) : [];
  if (!row) errors.push('No certificate with this id was issued');
  else if (row.revokedAt)
    errors.push(`The certificate was revoked on ${row.revokedAt.toISOString().slice(0, 10)}`);
  return { verified: errors.length === 0, errors };
}
