import { type Certificate, cpdHoursFromMinutes } from '#shared/schemas/certificates.ts';
import { PROVIDER_NAME, verifyUrl } from './certificate-links.presenter.ts';
import type { CertificateRow } from './certificates.service.ts';

/** LinkedIn's "Add to profile" link for a certification, pre-filled (docs in README.md, 'Certificates'). */
export function linkedInAddUrl(row: CertificateRow, publicUrl: string): string {
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: `${row.courseTitle} (CPD certificate of completion)`,
    organizationName: PROVIDER_NAME,
    issueYear: String(row.issuedAt.getUTCFullYear()),
    issueMonth: String(row.issuedAt.getUTCMonth() + 1),
    certUrl: verifyUrl(publicUrl, row.code),
    certId: row.code,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

export function presentCertificate(row: CertificateRow, publicUrl: string, forAdmin = false): Certificate {
  return {
    id: row.id,
    code: row.code,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    holderName: row.holderName,
    completedAt: row.completedAt.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    verifyUrl: verifyUrl(publicUrl, row.code),
    cpdHours: cpdHoursFromMinutes(row.learningMinutes),
    status: row.revokedAt ? 'revoked' : 'valid',
    revokedAt: row.revokedAt?.toISOString() ?? null,
    ...(forAdmin ? { revocationReason: row.revocationReason } : {}),
    linkedInUrl: linkedInAddUrl(row, publicUrl),
  };
}
