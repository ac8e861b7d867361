// The accounts feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { accountsRoutes } from './accounts.routes.ts';
