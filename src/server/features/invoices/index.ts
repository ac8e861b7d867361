// The invoices feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').

export { nextInvoiceNumber } from './invoice-numbers.repo.ts';
export { invoicesRoutes } from './invoices.routes.ts';
export { invoiceAttachment, issueInvoice } from './invoices.service.ts';
export { issueInstalmentInvoice, issuePurchaseInvoice } from './purchase-invoices.service.ts';
