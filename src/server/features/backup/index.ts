// The backup feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { backupRoutes } from './backup.routes.ts';
