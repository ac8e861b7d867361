// The audit feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').

export { type AuditActor, type AuditEntry, auditActor, changeSummary, recordAudit } from './audit.service.ts';
export { auditRoutes } from './audit-admin.routes.ts';
