import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { toCsv } from '#server/lib/csv.util.ts';
import { unauthorized } from '#server/lib/http.error.ts';
import type { AuditItem, AuditQuery } from '#shared/schemas/staff.ts';

// The audit trail (docs/staff.md#audit-trail): every state change made by staff is appended here, in the same
// transaction as the change where the change has one. The table refuses UPDATE and DELETE (a trigger), so this
// module only ever inserts and reads.

/** Who acted, and from where. */
export interface AuditActor {
  id: string;
  email: string;
  ipAddress: string | null;
}

export interface AuditEntry {
  /** What was done, `entity.verb`: 'otj.approve', 'staff.roles', 'course.update', 'payment.refund', … */
  action: string;
  entityType: string;
  entityId: string;
  /** A short before → after, e.g. "status: pending → approved". */
  summary: string;
}

const SUMMARY_MAX = 500;

/** The signed-in caller of a staff route, as the audit log names them. */
export function auditActor(request: FastifyRequest): AuditActor {
  if (!request.user) throw unauthorized();
  return { id: request.user.id, email: request.user.email, ipAddress: request.ip ?? null };
}

/** Appends one entry. Call inside the transaction that makes the change, so both happen or neither does. */
export async function recordAudit(db: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    ipAddress: actor.ipAddress,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary.slice(0, SUMMARY_MAX),
  });
}

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** "field: before → after" for each field that changed (or "no change"). */
export function changeSummary(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const parts = Object.keys(after)
    .filter((k) => show(before[k]) !== show(after[k]))
    .map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`);
  return parts.length ? parts.join('; ') : 'no change';
}

const AUDIT_PAGE = 1000;

/** The log, newest first, filtered by person, entity and dates (`to` is inclusive of that whole day). */
export async function listAudit(db: Queryable, query: AuditQuery): Promise<AuditItem[]> {
  const where: SQL[] = [];
  if (query.actorId) where.push(eq(auditLog.actorId, query.actorId));
  if (query.entityType) where.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
  if (query.from) where.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) where.push(lt(auditLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    ipAddress: r.ipAddress,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    summary: r.summary,
  }));
}

export function auditCsv(items: AuditItem[]): string {
  return toCsv(
    ['at', 'actorId', 'actorEmail', 'ipAddress', 'action', 'entityType', 'entityId', 'summary'],
    items.map((i) => [
      i.at,
      i.actorId,
      i.actorEmail,
      i.ipAddress,
      i.action,
      i.entityType,
      i.entityId,
      i.summary,
    ]),
  );
}
