// The teams feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { invitationsRoutes } from './invitations.routes.ts';
export { teamAdminRoutes } from './team-admin.routes.ts';
export { teamOrderSettlement } from './team-settlement.service.ts';
export { teamsRoutes } from './teams.routes.ts';
export { unconfirmedOrderSweeper } from './unconfirmed-orders.worker.ts';
