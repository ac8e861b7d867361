import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '#server/features/audit/index.ts';

// What a successful content change (docs/staff.md#audit-trail) writes to the audit trail: the entity from the
// route, its id from the URL or the answer, and the title it has now.

const ENTITIES: Record<string, { type: string; created?: boolean }> = {
  '/api/admin/courses': { type: 'course', created: true },
  '/api/admin/courses/:id': { type: 'course' },
  '/api/admin/courses/:courseId/modules': { type: 'module', created: true },
  '/api/admin/modules/:id': { type: 'module' },
  '/api/admin/modules/:moduleId/topics': { type: 'topic', created: true },
  '/api/admin/topics/:id': { type: 'topic' },
  '/api/admin/topics/:id/quiz': { type: 'quiz' },
};

const VERBS: Record<string, string> = { POST: 'create', PUT: 'update', DELETE: 'delete' };

export function contentAudit(request: FastifyRequest, payload: unknown): AuditEntry | null {
  const entity = ENTITIES[request.routeOptions.url ?? ''];
  const verb = VERBS[request.method];
  if (!entity || !verb) return null;
  let body: { id?: string; title?: string } = {};
  try {
    body = typeof payload === 'string' && payload ? JSON.parse(payload) : {};
  } catch {
    body = {};
  }
  const params = request.params as Record<string, string>;
  const action = entity.created && verb === 'create' ? 'create' : verb;
  const entityId = (entity.created ? body.id : params.id) ?? params.id ?? '';
  const summary =
    verb === 'delete'
      ? 'deleted'
      : `${action === 'create' ? 'created' : 'saved'}: ${body.title ?? '(untitled)'}`;
  return { action: `${entity.type}.${action}`, entityType: entity.type, entityId, summary };
}
