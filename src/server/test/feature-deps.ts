import type { FastifyInstance } from 'fastify';

// What the composition root (src/server/deps.ts) gave a test app's features, for tests that run a job or a
// service directly instead of through a route or a worker.
export const checkoutDeps = (app: FastifyInstance) => app.checkoutDeps;
export const instalmentDeps = (app: FastifyInstance) => app.instalmentDeps;
export const privacyDeps = (app: FastifyInstance) => app.privacyDeps;
