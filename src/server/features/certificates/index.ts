// The certificates feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').

export { renderCertificatePdf } from './certificate-pdf.presenter.ts';
export { certificatesRoutes } from './certificates.routes.ts';
export { certificatesAdminRoutes } from './certificates-admin.routes.ts';
export { certificateOnCompletion } from './issue.service.ts';
export { loadSigningKey, type SigningKey } from './signing-key.service.ts';
