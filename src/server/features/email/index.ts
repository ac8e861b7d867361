// The email feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { mailboxRoutes } from './mailbox-admin.routes.ts';
export { outboxWorker } from './outbox.worker.ts';
