// The privacy feature's public surface (README 'Your data'): other features and the app import only this file
// (ARCHITECTURE.md 'Feature boundaries').
export { dataRequestsRoutes } from './data-requests-admin.routes.ts';
export type { PrivacyDeps } from './export.service.ts';
export { writeExportArchive } from './export-archive.service.ts';
export { privacyRoutes } from './privacy.routes.ts';
export { exportWorker, retentionWorker } from './privacy.worker.ts';
