// The messaging feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').

export { createMessageHub, type MessageHub } from './message-stream.service.ts';
export { messagingRoutes } from './messaging.routes.ts';
