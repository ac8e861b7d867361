// The teams feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { invitationsRoutes } from './invitations.routes.ts';
export { teamOrderSettlement } from './team-settlement.service.ts';
export { teamsRoutes } from './teams.routes.ts';
export { teamAdminRoutes } from './teams-admin.routes.ts';
export { unconfirmedOrderSweeper } from './unconfirmed-orders.worker.ts';
