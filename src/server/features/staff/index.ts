// The staff feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { staffRoutes } from './staff.routes.ts';
export { staffAdminRoutes } from './staff-admin.routes.ts';
