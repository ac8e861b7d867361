// The refunds feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').

export { accountOrdersRoutes } from './account-orders.routes.ts';
export { refundAttachments } from './refund-documents.service.ts';
export { refundEventHandler } from './refund-events.handler.ts';
export { refundResender } from './refund-resend.worker.ts';
export type { RefundDeps } from './refund-settlement.service.ts';
export { refundsRoutes } from './refunds.routes.ts';
export { refundsAdminRoutes } from './refunds-admin.routes.ts';
