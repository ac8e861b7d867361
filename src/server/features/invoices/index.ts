// The invoices feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { invoicesRoutes } from './invoices.routes.ts';
export { invoiceAttachment, issueInvoice } from './invoices.service.ts';
