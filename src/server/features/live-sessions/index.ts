// The live-sessions feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { liveSessionsRoutes } from './live-sessions.routes.ts';
export { liveSessionsAdminRoutes } from './live-sessions-admin.routes.ts';
