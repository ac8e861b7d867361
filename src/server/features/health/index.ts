// The health feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { healthRoutes } from './health.routes.ts';
