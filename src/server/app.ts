import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import type { DestinationStream } from 'pino';
import { apiErrorJsonSchema } from '#shared/schemas/common.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { featureRoutes } from './features/index.ts';
import { listenForInvalidation } from './lib/invalidation.ts';
import { loggerOptions } from './lib/logging.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { contentSecurityPolicy } from './plugins/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** Every route registered (method + pattern), for the authorization matrix test. */
    registeredRoutes: { method: string; url: string }[];
  }
}

export interface AppDeps {
  database: Database;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

export { redactUrl } from './lib/logging.ts';
export const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface BuildOptions {
  /** Where the built client is; tests point it at a fixture or leave it missing. */
  clientDir?: string;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

export async function buildApp(config: AppConfig, deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // Only then is X-Forwarded-For believed for request.ip; without it a forged header gains nothing.
    // (A hop count is supported by fastify at run time; its overloads only spell out the other forms.)
    trustProxy: config.trustProxy as boolean | string[],
    // A URL fastify cannot decode (e.g. %ED%A0%80, a lone surrogate) never reaches a route: answer it in our shape.
    frameworkErrors: (error, _request, reply) => {
      const res = reply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_BAD_URL')
        return res.status(400).send({ message: 'Malformed URL', code: 'BAD_URL' });
      return res.status(400).send({ message: 'Bad request', code: 'BAD_REQUEST' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registeredRoutes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'TradeSkills API', version: '1.0.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ts_session' } },
        // Every error body is { message, code }; the codes are listed in src/shared/error-codes.ts.
        schemas: { ApiError: apiErrorJsonSchema() as unknown as OpenAPIV3.SchemaObject },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerAuth(app);
  registerCsrf(app);

  await listenForInvalidation(deps.database);
  for (const routes of featureRoutes) await app.register(routes);

  registerClient(app, options.clientDir ?? defaultClientDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every unknown
 * non-API GET answered with index.html so client routes work on reload.
 */
function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated so a deploy is picked up.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        const cache = hashed
          ? 'public, max-age=31536000, immutable'
          : filePath.endsWith('index.html')
            ? 'no-cache'
            : 'public, max-age=3600';
        res.header('cache-control', cache);
      },
    });
    app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(path.join('assets', file));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/objects/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // The reset link's token is in the query: that page must not leak it in a Referer.
      if (url === '/reset-password') reply.header('referrer-policy', 'no-referrer');
      const lastSegment = url.split('/').pop() ?? '';
      if (hasClient && !lastSegment.includes('.')) {
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      }
      if (
        hasClient &&
        fs.existsSync(path.join(clientDir, path.normalize(url).replace(/^(\.\.[/\\])+/, '')))
      ) {
        return reply.sendFile(path.normalize(url));
      }
    }
    return reply
      .status(404)
      .send({ message: `Not found: ${request.method} ${url}`, code: 'ROUTE_NOT_FOUND' });
  });
}
