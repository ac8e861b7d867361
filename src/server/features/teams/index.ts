// The teams feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { teamAdminRoutes } from './team-admin.routes.ts';
export { teamOrderSettlement } from './team-settlement.ts';
export { teamsRoutes } from './teams.routes.ts';
