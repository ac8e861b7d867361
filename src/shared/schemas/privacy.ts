import { z } from 'zod';
import { text } from './common.ts';

// Your data: exports, the requests register and erasure (README 'Your data', docs/product.md#your-data).

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export const DATA_REQUEST_KINDS = ['access', 'erasure'] as const;
export const HOLD_KINDS = ['payments', 'apprenticeship'] as const;

export const idParamsSchema = z.object({ id: z.uuid() });

/** POST /api/account/data-exports, POST /api/account/erasure-requests, POST /api/admin/data-requests/:id/export */
export const acceptedSchema = z.object({ id: text() });

/** GET /api/account/data-exports/:id */
export const dataExportSchema = z.object({
  id: text(),
  status: z.enum(DATA_EXPORT_STATUSES),
  progress: z.number().int(),
  createdAt: text(),
  expiresAt: text().nullable(),
  downloadUrl: text().optional(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/account/data-exports: the caller's recent exports, newest first. */
export const dataExportListSchema = z.object({ items: z.array(dataExportSchema) });

export const holdSchema = z.object({
  kind: z.enum(HOLD_KINDS),
  until: text(),
  reason: text(),
});

export const dataRequestSchema = z.object({
  id: text(),
  userId: text(),
  kind: z.enum(DATA_REQUEST_KINDS),
  receivedAt: text(),
  dueAt: text(),
  status: z.enum(['open', 'completed']),
  source: z.enum(['self', 'staff']),
  note: text().nullable(),
  completedAt: text().nullable(),
  person: z.object({ name: text(), email: text(), erased: z.boolean() }),
  latestExport: dataExportSchema.nullable(),
  holds: z.array(holdSchema),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** GET /api/admin/data-requests */
export const dataRequestListSchema = z.object({ items: z.array(dataRequestSchema) });

/** POST /api/admin/data-requests: a request made to staff by email, phone or letter, logged by hand. */
export const logDataRequestSchema = z.strictObject({
  email: z.email('Enter the email of their account').max(254),
  kind: z.enum(DATA_REQUEST_KINDS, { error: 'Choose access or erasure' }),
  /** YYYY-MM-DD; the day the request reached us (defaults to today). */
  receivedOn: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date it was received')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Enter the date it was received')
    .optional(),
  note: text().trim().max(1000).optional(),
});
export type LogDataRequestInput = z.infer<typeof logDataRequestSchema>;

/** POST /api/admin/data-requests/:id/erase */
export const erasureResultSchema = z.object({ erased: z.literal(true), holds: z.array(holdSchema) });
export type ErasureResult = z.infer<typeof erasureResultSchema>;
