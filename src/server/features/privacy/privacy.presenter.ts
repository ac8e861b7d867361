import type { erasureHolds } from '#server/db/schema/index.ts';
import type { DataExport, DataRequest } from '#shared/schemas/privacy.ts';
import type { ExportRow } from './export.service.ts';
import type { listRequests } from './requests.service.ts';

export const downloadPath = (id: string) => `/api/account/data-exports/${id}/download`;

export function presentExport(row: ExportRow, now = new Date()): DataExport {
  const expired = row.status === 'expired' || (row.expiresAt !== null && row.expiresAt < now);
  const status = row.status === 'ready' && expired ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    ...(status === 'ready' ? { downloadUrl: downloadPath(row.id) } : {}),
  };
}

type HoldRow = typeof erasureHolds.$inferSelect;
const presentHold = (h: HoldRow) => ({ kind: h.kind, until: h.until, reason: h.reason });

export function presentRequest(item: Awaited<ReturnType<typeof listRequests>>[number]): DataRequest {
  const r = item.request;
  return {
    id: r.id,
    userId: r.userId,
    kind: r.kind,
    receivedAt: r.receivedAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    status: r.status,
    source: r.source,
    note: r.note,
    completedAt: r.completedAt?.toISOString() ?? null,
    person: {
      name: [item.firstName, item.lastName].filter(Boolean).join(' '),
      email: item.email,
      erased: item.erasedAt !== null,
    },
    latestExport: item.latestExport ? presentExport(item.latestExport) : null,
    holds: item.holds.map(presentHold),
  };
}
