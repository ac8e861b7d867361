// The public-pages feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { crawlRoutes } from './crawl.routes.ts';
export { registerWebApp } from './web-app.plugin.ts';
