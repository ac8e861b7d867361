import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '#server/lib/http.error.ts';
import { backupSource, backupStream } from './backup.service.ts';
import {
  BACKUP_TOKEN_HEADER,
  isLoopback,
  newBackupToken,
  removeEndpoint,
  tokenMatches,
  writeEndpoint,
} from './backup-endpoint.service.ts';

/**
 * GET /api/internal/backup: the running process streams a backup archive (the embedded database can only be
 * read by the process that holds it). Only from this machine (loopback) and only with the token this process
 * wrote under DATA_DIR, which `npm run backup` reads: not for browsers, whoever is signed in.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const endpoint = { token: newBackupToken() };
  // The endpoint file appears once the server listens and goes when it closes.
  let written = '';
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    written = writeEndpoint(app.config.dataDir, address.port, endpoint.token);
  });
  app.addHook('onClose', async () => {
    if (written) removeEndpoint(app.config.dataDir, written);
  });
  app.get(
    '/api/internal/backup',
    {
      schema: { hide: true },
      onRequest: async (request) => {
        if (
          !isLoopback(request.socket.remoteAddress) ||
          !tokenMatches(endpoint.token, request.headers[BACKUP_TOKEN_HEADER])
        )
          throw forbidden('Backups are taken on this machine with npm run backup', 'BACKUP_FORBIDDEN');
      },
    },
    async (_request, reply) => {
      reply.header('content-type', 'application/gzip').header('cache-control', 'no-store');
      return reply.send(
        backupStream(backupSource(app.database, app.config), (error) =>
          app.log.error({ err: error }, 'backup failed'),
        ),
      );
    },
  );
};
