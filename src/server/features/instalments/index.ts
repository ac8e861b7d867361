// The instalments feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries'). Failed monthly instalments: docs/product.md#failed-instalments.
export { cardChangeEventHandler } from './card-change.service.ts';
export { instalmentEventHandler } from './instalment-events.handler.ts';
export { instalmentsRoutes } from './instalments.routes.ts';
export type { InstalmentDeps } from './instalments.service.ts';
export { instalmentWorker } from './instalments.worker.ts';
export { overdueInstalmentSettlement } from './overdue.service.ts';
