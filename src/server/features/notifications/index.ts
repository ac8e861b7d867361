// The notifications feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries'). Features reach it only through events (lib/jobs.service.ts), never by importing it.
export { notificationJobsWorker, runDueJobs } from './jobs.worker.ts';
export { notificationRoutes } from './notifications.routes.ts';
