// The admin feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { adminRoutes } from './admin.routes.ts';
