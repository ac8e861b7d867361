import { z } from 'zod';
import { text } from './common.ts';

/** One certificate as its holder (and admins) see it: GET /api/certificates. */
export const certificateSchema = z.object({
  id: text(),
  code: text(),
  courseId: text(),
  courseTitle: text(),
  holderName: text(),
  completedAt: text(),
  issuedAt: text(),
  /** The public verification page: PUBLIC_URL + /certificates/:code. */
  verifyUrl: text(),
  /** 1 CPD hour per hour of learning, in half hours. */
  cpdHours: z.number(),
  status: z.enum(['valid', 'revoked']),
  revokedAt: text().nullable(),
  /** Only admins see why a certificate was revoked. */
  revocationReason: text().nullable().optional(),
  /** LinkedIn's "Add to profile" link, pre-filled. */
  linkedInUrl: text(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateListSchema = z.array(certificateSchema);

export const certificateIdParamsSchema = z.object({ id: z.uuid() });
export const CERTIFICATE_CODE = /^[A-Za-z0-9_-]{1,64}$/;
export const certificateCodeParamsSchema = z.object({ code: text().regex(CERTIFICATE_CODE) });
/** The public page takes any code: a mistyped one gets the 'Certificate not found' page, not a JSON error. */
export const certificatePageParamsSchema = z.object({ code: text().max(500) });
export const adminCertificatesQuerySchema = z.object({ userId: z.uuid().optional() });

export const revokeCertificateSchema = z.object({
  reason: text().trim().min(1, 'Please give a reason').max(500, 'Keep the reason under 500 characters'),
});
export type RevokeCertificateInput = z.infer<typeof revokeCertificateSchema>;

/** POST /api/credentials/verify: the body is the credential itself (any JSON object). */
export const verifyCredentialSchema = z.record(text(), z.unknown());

export const verifyResultSchema = z.object({
  verified: z.boolean(),
  errors: z.array(text()),
});
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** Half-hour steps, never rounded up past what the course's modules add up to by more than 15 minutes. */
export function cpdHoursFromMinutes(minutes: number): number {
  return Math.round(Math.max(0, minutes) / 30) / 2;
}
