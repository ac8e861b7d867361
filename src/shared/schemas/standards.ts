import { z } from 'zod';
import { text } from './common.ts';

// Apprenticeship standards, their KSBs, gateway readiness and the learner record (docs/apprenticeships.md).

export const KSB_KINDS = ['knowledge', 'skill', 'behaviour'] as const;
export type KsbKind = (typeof KSB_KINDS)[number];
export const KSB_PREFIX: Record<KsbKind, string> = { knowledge: 'K', skill: 'S', behaviour: 'B' };
export const KSB_TAG_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export const KSB_STATUSES = ['not_started', 'evidenced', 'signed_off'] as const;
export type KsbStatus = (typeof KSB_STATUSES)[number];
export const KSB_STATUS_LABELS: Record<KsbStatus, string> = {
  not_started: 'Not started',
  evidenced: 'Evidenced',
  signed_off: 'Signed off',
};
export const GATEWAY_ROLES = ['tutor', 'employer'] as const;
export type GatewayRole = (typeof GATEWAY_ROLES)[number];
/** Reviews at most 12 weeks apart for gateway (funding rules P59–P60). */
export const GATEWAY_REVIEW_WEEKS = 12;

// The ILR's own codes (ILR specification 2025-26).
export const ILR_SEXES = ['F', 'M'] as const;
export const END_REASONS = ['completed', 'withdrawn'] as const;
/** LLDDHealthProb: 1 has a learning difficulty, disability or health problem; 2 has not; 9 not provided. */
export const LLDD_CODES = [1, 2, 9] as const;

/**
 * A ULN: 10 digits, the first not 0, the last a check digit: 10 − (Σ digit × weight 10…2 over the first nine) mod
 * 11; a remainder of 0 makes no valid ULN (ILR specification, ULN validation).
 */
export function isValidUln(value: string): boolean {
  if (!/^[1-9]\d{9}$/.test(value)) return false;
  const sum = [...value.slice(0, 9)].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
  const check = 10 - (sum % 11);
  return check < 10 && check === Number(value[9]);
}

/** A UK postcode in the ILR's form: upper case, one space before the inward code. */
export function normalisePostcode(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  const match = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/.exec(compact);
  return match ? `${match[1]} ${match[2]}` : null;
}

const item = (idField: string) =>
  z.object({ [idField]: text().min(1).max(100), detail: text().trim().min(1).max(5000) });

/**
 * POST /api/admin/standards: one record of the public Skills England API (`/api/apprenticeshipstandards`),
 * as DfE's own importer reads it; fields we do not use (status, duties, options…) are allowed and ignored.
 */
export const standardImportSchema = z.object({
  referenceNumber: text()
    .trim()
    .regex(/^ST\d{4}$/, 'referenceNumber: a standard’s reference is ST and four digits (e.g. ST0152)'),
  version: text()
    .trim()
    .regex(/^\d{1,3}\.\d{1,3}$/, 'version: a version is like 1.0 or 1.1'),
  title: text().trim().min(1).max(300),
  level: z.number().int().min(2).max(7),
  larsCode: z.number().int().min(1).max(99_999),
  typicalDuration: z.number().int().min(1).max(120),
  knowledges: z.array(item('knowledgeId')).max(200),
  skills: z.array(item('skillId')).max(200),
  behaviours: z.array(item('behaviourId')).max(200),
});
export type StandardImport = z.input<typeof standardImportSchema>;

/** PUT /api/admin/standards/:id */
export const standardUpdateSchema = z.strictObject({
  minimumOtjHours: z
    .number({ error: 'Enter the minimum off-the-job hours' })
    .int('Minimum off-the-job hours are whole hours')
    .min(187, 'A standard’s minimum is at least 187 hours')
    .max(10_000),
});

export const ksbSchema = z.object({
  id: text(),
  code: text(),
  kind: z.enum(KSB_KINDS),
  detail: text(),
});
export type Ksb = z.infer<typeof ksbSchema>;

export const standardSchema = z.object({
  id: text(),
  referenceNumber: text(),
  version: text(),
  title: text(),
  level: z.number(),
  larsCode: z.number(),
  typicalDuration: z.number(),
  minimumOtjHours: z.number().nullable(),
  apprentices: z.number(),
  ksbs: z.array(ksbSchema),
});
export type Standard = z.infer<typeof standardSchema>;

/** PUT /api/admin/topics/:id/ksbs: the KSBs completing the topic evidences (replaces the list). */
export const topicKsbsInputSchema = z.strictObject({
  ksbIds: z.array(z.uuid('Choose KSBs from the standard')).max(200),
});

/** POST /api/admin/otj/:id/approve: the tutor's word on each KSB tag (tags left out are confirmed). */
export const otjApproveSchema = z
  .strictObject({ rejectedKsbIds: z.array(z.uuid()).max(200).optional() })
  .nullish();

export const ksbMatrixRowSchema = ksbSchema.extend({
  status: z.enum(KSB_STATUSES),
  evidenceCount: z.number(),
  evidence: z.array(
    z.object({
      kind: z.enum(['entry', 'topic']),
      label: text(),
      date: text(),
      /** Entry tags: the tutor's word; topic evidence is always `automatic`. */
      state: z.enum(['pending', 'confirmed', 'automatic']),
    }),
  ),
  signedOff: z.object({ name: text(), signedAt: text() }).nullable(),
});
export type KsbMatrixRow = z.infer<typeof ksbMatrixRowSchema>;

/** GET /api/apprenticeship/gateway and GET /api/admin/students/:id/gateway */
export const gatewaySchema = z.object({
  studentId: text(),
  apprenticeName: text(),
  standard: z.object({ id: text(), referenceNumber: text(), version: text(), title: text() }).nullable(),
  ksbs: z.array(z.object({ code: text(), status: z.enum(KSB_STATUSES), evidenceCount: z.number() })),
  matrix: z.array(ksbMatrixRowSchema),
  hours: z.object({ planned: z.number(), approved: z.number() }),
  pace: z.object({ forecast: z.number(), neededPerWeek: z.number() }),
  reviews: z.object({
    last: text().nullable(),
    nextDue: text(),
    overdue: z.boolean(),
    /** Gaps between consecutive reviews (from the start) longer than 12 weeks. */
    longGaps: z.array(z.object({ from: text(), to: text() })),
  }),
  qualifications: z.array(
    z.object({ id: text(), title: text(), achievedOn: text().nullable(), hasEvidence: z.boolean() }),
  ),
  checks: z.object({
    ksbs: z.boolean(),
    hours: z.boolean(),
    reviews: z.boolean(),
    qualifications: z.boolean(),
  }),
  ready: z.boolean(),
  signatures: z.array(z.object({ role: z.enum(GATEWAY_ROLES), name: text(), signedAt: text() })),
  /** The role the caller can sign "ready for gateway" as, once everything passes. */
  canSignAs: z.enum(GATEWAY_ROLES).nullable(),
  /** Whether the caller is the tutor who signs KSBs off. */
  canSignKsbs: z.boolean(),
});
export type Gateway = z.infer<typeof gatewaySchema>;

/**
 * POST /api/admin/students/:id/qualifications and PUT …/qualifications/:qualificationId (where a missing
 * `evidencePath` keeps the certificate and null removes it).
 */
export const qualificationInputSchema = z.strictObject({
  title: text().trim().min(1, 'Enter the qualification').max(300),
  achievedOn: z.iso.date('Enter the date achieved').nullish(),
  evidencePath: text().max(500).nullish(),
});
export type QualificationInput = z.input<typeof qualificationInputSchema>;

/** 422 from GET /api/admin/ilr.xml: the records that lack what the file needs. */
export const ilrIncompleteSchema = z.object({
  message: text(),
  code: text(),
  learners: z.array(z.object({ id: text(), name: text(), missing: z.array(text()) })),
});
