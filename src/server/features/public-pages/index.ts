// The public-pages feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { crawlRoutes } from './crawl.routes.ts';
export { PageCache } from './page-cache.service.ts';
export { registerWebApp } from './web-app.plugin.ts';
